package com.communitybot.archfixture.persistence;

import org.h2.api.Trigger;

/** Deliberately bad: a class of the generic SQL adapter that uses H2 itself. */
public class PersistenceUsingH2 {
    public Trigger trigger;
}

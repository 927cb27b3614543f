package com.communitybot.archfixture.http;

import com.communitybot.archfixture.persistence.PersistenceUsingApp;

/** Deliberately bad: one adapter depending on another. */
public class HttpUsingPersistence {
    public PersistenceUsingApp store;
}

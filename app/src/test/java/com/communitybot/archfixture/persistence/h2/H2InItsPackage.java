package com.communitybot.archfixture.persistence.h2;

import org.h2.api.Trigger;

/** Allowed: H2 used inside the adapter's H2 package. */
public class H2InItsPackage {
    public Trigger trigger;
}

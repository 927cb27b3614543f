package com.communitybot.archfixture.core.port;

/** Allowed: an exception a port declares is a class. */
public class FixtureStoreException extends RuntimeException {
    private static final long serialVersionUID = 1L;
}

package com.communitybot.archfixture.persistence;

import com.communitybot.archfixture.app.FixtureApp;

/** Deliberately bad: an adapter that depends on the app that assembles it. */
public class PersistenceUsingApp {
    public FixtureApp app;
}

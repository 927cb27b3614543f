package com.communitybot.archfixture.app;

import com.communitybot.archfixture.http.HttpUsingPersistence;

/** Allowed: the app depends on adapters. */
public class FixtureApp {
    public HttpUsingPersistence http;
}

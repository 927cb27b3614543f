package com.communitybot.archfixture.core.port;

/** Deliberately bad: a port that is a class rather than an interface. */
public class PortAsClass {}

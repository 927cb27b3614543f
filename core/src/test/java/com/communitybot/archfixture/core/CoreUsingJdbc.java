package com.communitybot.archfixture.core;

import java.sql.Connection;

/** Deliberately bad: a core class that reaches for JDBC. */
public class CoreUsingJdbc {
    public Connection connection;
}

package com.communitybot.persistence;

import com.communitybot.persistence.h2.H2GuildSizeTrigger;

/**
 * The name under which migration {@code db/h2/V3} made H2's guild-size trigger; H2 keeps that class name in every
 * store's schema and loads the class by it, so the name stays while the trigger itself is {@link H2GuildSizeTrigger}.
 */
public final class GuildSizeTrigger extends H2GuildSizeTrigger {}

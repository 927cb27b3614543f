package com.communitybot.app.datafile;

/**
 * How many records of each kind a data file held.
 *
 * @param levels      level records
 * @param guilds      guild settings records
 * @param tracks      level tracks
 * @param bridges     level bridges
 * @param betaServers beta entries
 */
public record DataFileCounts(long levels, long guilds, long tracks, long bridges, long betaServers) {

    @Override
    public String toString() {
        return levels + " level records, " + guilds + " guild settings (" + tracks + " tracks, " + bridges
                + " bridges), " + betaServers + " beta servers";
    }
}

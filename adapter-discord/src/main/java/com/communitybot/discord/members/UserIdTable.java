package com.communitybot.discord.members;

import java.util.Arrays;

/**
 * The user ids of one guild's members, each at a record index from 0 to size - 1 that the owner's other arrays
 * share, found through a primitive open-addressing table: no object per member. The table is a power of two in
 * length, at most three quarters full, probed linearly from the slot that Fibonacci hashing of the id picks. A
 * removal moves the last record into the freed index, so records stay dense. Not thread-safe: its owner locks.
 */
final class UserIdTable {

    private static final int INITIAL_CAPACITY = 8;
    private static final long PHI = 0x9E3779B97F4A7C15L;

    /** Open addressing, linear probing: record index + 1, or 0 for a free slot. Its length is a power of two. */
    private int[] slots;

    private int shift;
    /** Each record's user id, dense: index 0 to size - 1. */
    private long[] ids;

    private int size;

    /** An empty table with room for {@code expected} records (a few at least) before it grows. */
    UserIdTable(int expected) {
        ids = new long[Math.max(INITIAL_CAPACITY, expected)];
        rehash(tableSize(ids.length));
    }

    /** How many records there are. */
    int size() {
        return size;
    }

    /** How many records there is room for; the owner keeps its other arrays this long. */
    int capacity() {
        return ids.length;
    }

    /** The index of the member's record, or -1. */
    int find(long userId) {
        int[] table = slots;
        long[] recordIds = ids;
        int mask = table.length - 1;
        int slot = (int) ((userId * PHI) >>> shift) & mask;
        for (int probes = 0; probes < table.length; probes++) {
            int entry = table[slot];
            if (entry == 0) {
                return -1;
            }
            if (recordIds[entry - 1] == userId) {
                return entry - 1;
            }
            slot = (slot + 1) & mask;
        }
        return -1;
    }

    /**
     * {@link #find(long)} of {@code count} users at once, each index into {@code into[k]}, in steps: the first slot
     * of every user, then the record ids, probing on where a slot holds another's. The loads of one step are
     * independent of one another, so the memory waits of different users overlap instead of coming in turn.
     */
    void find(long[] users, int count, int[] into) {
        int[] table = slots;
        long[] recordIds = ids;
        int mask = table.length - 1;
        int[] slot = new int[count];
        for (int k = 0; k < count; k++) {
            slot[k] = (int) ((users[k] * PHI) >>> shift) & mask;
            into[k] = table[slot[k]] - 1;
        }
        for (int k = 0; k < count; k++) {
            int entry = into[k];
            int at = slot[k];
            long user = users[k];
            int probes = 1;
            while (entry >= 0 && recordIds[entry] != user) {
                if (probes++ == table.length) {
                    entry = -1;
                    break;
                }
                at = (at + 1) & mask;
                entry = table[at] - 1;
            }
            into[k] = entry;
        }
    }

    /**
     * Adds {@code userId}, which the table must not hold, as the record at index {@code size}; the ids grow by half
     * when full (the owner grows its arrays to {@link #capacity()} then).
     */
    int add(long userId) {
        if (size == ids.length) {
            ids = Arrays.copyOf(ids, ids.length + (ids.length >> 1) + 1);
        }
        if ((size + 1) > slots.length * 3L / 4) {
            rehash(slots.length * 2);
        }
        int index = size++;
        ids[index] = userId;
        int mask = slots.length - 1;
        int slot = ideal(userId);
        while (slots[slot] != 0) {
            slot = (slot + 1) & mask;
        }
        slots[slot] = index + 1;
        return index;
    }

    /**
     * Removes {@code userId}: the index its record had, whose place the last record takes (the owner moves its
     * arrays' entries the same way, from the index {@link #size()} is now); -1 when the table does not hold it.
     */
    int remove(long userId) {
        int slot = slotOf(userId);
        if (slot < 0) {
            return -1;
        }
        int index = slots[slot] - 1;
        deleteSlot(slot);
        int last = size - 1;
        if (index != last) {
            slots[slotOf(ids[last])] = index + 1;
            ids[index] = ids[last];
        }
        size = last;
        return index;
    }

    /** Gives back the room kept for growth: the ids cut to the records, the table to the least that holds them. */
    void trim() {
        ids = Arrays.copyOf(ids, Math.max(1, size));
        int tableSize = tableSize(size);
        if (tableSize < slots.length) {
            rehash(tableSize);
        }
    }

    /** The least table length, a power of two of 16 or more, that holds {@code records} at most three quarters full. */
    private static int tableSize(int records) {
        int tableSize = INITIAL_CAPACITY * 2;
        while (tableSize * 3L / 4 < records) {
            tableSize <<= 1;
        }
        return tableSize;
    }

    private int ideal(long userId) {
        return (int) ((userId * PHI) >>> shift) & (slots.length - 1);
    }

    private int slotOf(long userId) {
        int mask = slots.length - 1;
        int slot = ideal(userId);
        while (slots[slot] != 0) {
            if (ids[slots[slot] - 1] == userId) {
                return slot;
            }
            slot = (slot + 1) & mask;
        }
        return -1;
    }

    /** Frees a slot and moves later entries of its probe run back, so that no lookup stops short of them. */
    private void deleteSlot(int free) {
        int mask = slots.length - 1;
        int slot = free;
        while (true) {
            slot = (slot + 1) & mask;
            int entry = slots[slot];
            if (entry == 0) {
                break;
            }
            int ideal = ideal(ids[entry - 1]);
            // The entry may move to the free slot unless its ideal slot lies cyclically in (free, slot].
            boolean stays = free <= slot ? (free < ideal && ideal <= slot) : (free < ideal || ideal <= slot);
            if (!stays) {
                slots[free] = entry;
                free = slot;
            }
        }
        slots[free] = 0;
    }

    private void rehash(int tableSize) {
        slots = new int[tableSize];
        shift = 64 - Integer.numberOfTrailingZeros(tableSize);
        int mask = tableSize - 1;
        for (int index = 0; index < size; index++) {
            int slot = ideal(ids[index]);
            while (slots[slot] != 0) {
                slot = (slot + 1) & mask;
            }
            slots[slot] = index + 1;
        }
    }
}

package com.communitybot.app.movein;

import java.util.ArrayList;
import java.util.List;

/**
 * What an import from another bot did, and what of the files it did not carry over.
 *
 * @param request                what was imported where
 * @param records                level records written
 * @param replaced               the guild's level records deleted first ({@code --replace})
 * @param levelsKeptAgainstCurve records of a mee6 file whose level is not the one MEE6's curve gives for
 *                               their xp (the file's level is kept)
 * @param notCarriedOver         what the files held beyond level records, once each, in the order found
 */
public record PeerImportResult(
        PeerImport.Request request,
        long records,
        long replaced,
        long levelsKeptAgainstCurve,
        List<String> notCarriedOver) {

    /** The lines the command prints: the counts, then each thing worth knowing, once. */
    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        int files = request.files().size();
        StringBuilder first = new StringBuilder("Imported ")
                .append(records)
                .append(records == 1 ? " level record" : " level records")
                .append(" of guild ")
                .append(request.guild())
                .append(" from ")
                .append(request.format());
        if (files > 1) {
            first.append(" (").append(files).append(" files)");
        }
        if (!request.format().carriesLevel()) {
            first.append(", levels from xp by the ").append(request.curve()).append(" curve");
        }
        if (request.replace()) {
            first.append(", replacing the guild's ").append(replaced).append(" level records");
        }
        lines.add(first.toString());
        if (levelsKeptAgainstCurve > 0) {
            lines.add("Kept the file's level of " + levelsKeptAgainstCurve
                    + (levelsKeptAgainstCurve == 1 ? " record" : " records")
                    + " although MEE6's curve gives another level for the xp");
        }
        if (!notCarriedOver.isEmpty()) {
            lines.add("Not carried over: " + String.join(", ", notCarriedOver));
        }
        return lines;
    }
}

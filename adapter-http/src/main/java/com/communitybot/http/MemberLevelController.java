package com.communitybot.http;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.UserId;
import com.communitybot.core.model.XpLogPage;
import com.communitybot.core.usecase.MemberLevels;
import com.communitybot.core.usecase.XpHistory;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpParameters;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Delete;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Patch;
import io.micronaut.http.annotation.Put;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.List;

/**
 * Ledger L1 and the member's half of L2: one member's level record read and written, the guild reset, and the
 * member's XP history. The writes take an {@code Idempotency-Key}; what it means is core's ({@link MemberLevels}).
 */
@Controller("/api/{guild_id:" + PathSegment.ANY + "}/levels")
@ExecuteOn(TaskExecutors.BLOCKING)
@Requires(beans = {MemberLevels.class, XpHistory.class})
final class MemberLevelController {

    private final MemberLevels levels;
    private final XpHistory history;

    MemberLevelController(MemberLevels levels, XpHistory history) {
        this.levels = levels;
        this.history = history;
    }

    /** The Idempotency-Key header and the answers only a keyed write gives, for the API document. */
    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.METHOD)
    @Parameter(
            name = LedgerHeaders.IDEMPOTENCY_KEY,
            in = ParameterIn.HEADER,
            description = "1 to 255 visible ASCII characters: a retry within 24 hours with the same method, path and"
                    + " body gets the first answer again and changes nothing; else 400 Invalid Idempotency-Key",
            schema = @Schema(type = "string", minLength = 1, maxLength = 255, pattern = "^[!-~]+$"))
    @ApiResponse(
            responseCode = "409",
            description = MemberLevels.KEY_USED,
            content = @Content(mediaType = ApiDocument.JSON, schema = @Schema(implementation = ErrorBody.class)))
    @interface Idempotent {}

    /** A member's record, or 404 Level record not found, for the API document. */
    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.METHOD)
    @ApiResponse(
            responseCode = "404",
            description = "Bot is not in this guild, " + MemberLevels.RECORD_NOT_FOUND,
            content = @Content(mediaType = ApiDocument.JSON, schema = @Schema(implementation = ErrorBody.class)))
    @interface RecordNotFound {}

    @Operation(operationId = "levelRecord", summary = "Ledger L1: one member's level record")
    @ApiResponse(
            responseCode = "200",
            description = "The record",
            content =
                    @Content(
                            mediaType = ApiDocument.JSON,
                            schema = @Schema(implementation = Responses.LevelRecordBody.class)))
    @ErrorResponses.BadRequest
    @ErrorResponses.Unauthorized
    @RecordNotFound
    @ErrorResponses.StoreFailed
    @Get("/{user_id:" + PathSegment.ANY + "}")
    Responses.LevelRecordBody record(
            @Parameter(hidden = true) @PathSegment("guild_id") GuildId guild,
            @Parameter(hidden = true) @PathSegment(value = "user_id", nonZero = true) UserId user) {
        return Responses.LevelRecordBody.from(user, levels.recordOf(guild, user));
    }

    @Operation(operationId = "putLevelRecord", summary = "Ledger L1: create or replace one member's level record")
    @ApiResponse(
            responseCode = "200",
            description = "The record as stored",
            content =
                    @Content(
                            mediaType = ApiDocument.JSON,
                            schema = @Schema(implementation = Responses.LevelRecordBody.class)))
    @ErrorResponses.BadRequest
    @ErrorResponses.Unauthorized
    @ErrorResponses.NotInGuild
    @Idempotent
    @ErrorResponses.TooLarge
    @ErrorResponses.Unsupported
    @ErrorResponses.StoreFailed
    @Put("/{user_id:" + PathSegment.ANY + "}")
    Responses.LevelRecordBody put(
            @Parameter(hidden = true) @PathSegment("guild_id") GuildId guild,
            @Parameter(hidden = true) @PathSegment(value = "user_id", nonZero = true) UserId user,
            @Body Requests.PutLevel body,
            @Parameter(hidden = true) HttpRequest<?> request) {
        return Responses.LevelRecordBody.from(
                user,
                levels.put(guild, user, body.level(), body.xp(), body.reason(), LedgerHeaders.idempotencyKey(request)));
    }

    @Operation(operationId = "patchLevelRecord", summary = "Ledger L1: add to or take from one member's xp and level")
    @ApiResponse(
            responseCode = "200",
            description = "The record after the change; a member without a record starts from level 0, xp 0, and a"
                    + " result below 0 is 0",
            content =
                    @Content(
                            mediaType = ApiDocument.JSON,
                            schema = @Schema(implementation = Responses.LevelRecordBody.class)))
    @ErrorResponses.BadRequest
    @ErrorResponses.Unauthorized
    @ErrorResponses.NotInGuild
    @Idempotent
    @ErrorResponses.TooLarge
    @ErrorResponses.Unsupported
    @ErrorResponses.StoreFailed
    @Patch("/{user_id:" + PathSegment.ANY + "}")
    Responses.LevelRecordBody patch(
            @Parameter(hidden = true) @PathSegment("guild_id") GuildId guild,
            @Parameter(hidden = true) @PathSegment(value = "user_id", nonZero = true) UserId user,
            @Body Requests.PatchLevel body,
            @Parameter(hidden = true) HttpRequest<?> request) {
        return Responses.LevelRecordBody.from(
                user,
                levels.patch(
                        guild,
                        user,
                        body.xpDelta(),
                        body.levelDelta(),
                        body.reason(),
                        LedgerHeaders.idempotencyKey(request)));
    }

    @Operation(operationId = "deleteLevelRecord", summary = "Ledger L1: remove one member's level record")
    @ApiResponse(
            responseCode = "200",
            description = "The record as it was",
            content =
                    @Content(
                            mediaType = ApiDocument.JSON,
                            schema = @Schema(implementation = Responses.LevelRecordBody.class)))
    @ErrorResponses.BadRequest
    @ErrorResponses.Unauthorized
    @RecordNotFound
    @Idempotent
    @ErrorResponses.TooLarge
    @ErrorResponses.Unsupported
    @ErrorResponses.StoreFailed
    @Delete("/{user_id:" + PathSegment.ANY + "}")
    Responses.LevelRecordBody remove(
            @Parameter(hidden = true) @PathSegment("guild_id") GuildId guild,
            @Parameter(hidden = true) @PathSegment(value = "user_id", nonZero = true) UserId user,
            @Nullable @Body Requests.RemoveLevel body,
            @Parameter(hidden = true) HttpRequest<?> request) {
        String reason = body == null ? null : body.reason();
        return Responses.LevelRecordBody.from(
                user, levels.remove(guild, user, reason, LedgerHeaders.idempotencyKey(request)));
    }

    @Operation(operationId = "resetLevels", summary = "Ledger L1: remove every level record of the guild")
    @ApiResponse(
            responseCode = "200",
            description = "Leaderboard of <guild_id> reset: <n> level records removed",
            content = @Content(mediaType = ApiDocument.JSON, schema = @Schema(implementation = SuccessBody.class)))
    @ApiResponse(
            responseCode = "400",
            description =
                    ApiDocument.BAD_REQUEST + ", Invalid confirm_guild_id: it must repeat the guild id of the path",
            content = @Content(mediaType = ApiDocument.JSON, schema = @Schema(implementation = ErrorBody.class)))
    @ErrorResponses.Unauthorized
    @ErrorResponses.NotInGuild
    @Idempotent
    @ErrorResponses.TooLarge
    @ErrorResponses.Unsupported
    @ErrorResponses.StoreFailed
    @Delete
    SuccessBody reset(
            @Parameter(hidden = true) @PathSegment("guild_id") GuildId guild,
            @Parameter(hidden = true) @PathSegment("guild_id") String written,
            @Body Requests.ResetLevels body,
            @Parameter(hidden = true) HttpRequest<?> request) {
        long removed = levels.reset(
                guild, written, body.confirmGuildId(), body.reason(), LedgerHeaders.idempotencyKey(request));
        return SuccessBody.of(MemberLevels.resetMessage(guild, removed));
    }

    @Operation(operationId = "levelHistory", summary = "Ledger L2: the XP log of one member's record, newest first")
    @XpLogPages.Paged
    @ErrorResponses.BadRequest
    @ErrorResponses.Unauthorized
    @ErrorResponses.NotInGuild
    @ErrorResponses.StoreFailed
    @Get("/{user_id:" + PathSegment.ANY + "}/history")
    HttpResponse<List<Responses.XpEventBody>> history(
            @Parameter(hidden = true) @PathSegment("guild_id") GuildId guild,
            @Parameter(hidden = true) @PathSegment(value = "user_id", nonZero = true) UserId user,
            @Parameter(hidden = true) HttpRequest<?> request) {
        HttpParameters query = request.getParameters();
        int limit = XpLogPages.limit(query);
        XpLogPage page = history.ofMember(guild, user, limit, XpLogPages.after(query));
        return XpLogPages.response(page, "/api/" + guild + "/levels/" + user + "/history", limit, List.of());
    }
}

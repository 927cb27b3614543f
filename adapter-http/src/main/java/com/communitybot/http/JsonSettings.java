package com.communitybot.http;

import com.communitybot.core.error.InvalidInputException;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.deser.BeanDeserializerModifier;
import com.fasterxml.jackson.databind.deser.std.DelegatingDeserializer;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.type.LogicalType;
import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.util.List;

/**
 * Sets up Micronaut's one {@link ObjectMapper} for the contract: the responses it writes and the request
 * bodies it binds to {@link Requests}, whose failures {@link BindingErrors} turns into 400s.
 *
 * <ul>
 *   <li>Responses show every field, empty arrays and objects included ({@code {"results":[]}}, a track
 *       with no roles); Micronaut's default leaves them out.</li>
 *   <li>A request body is one JSON value with no repeated key at any depth, and an object. It is read whole
 *       before any field, so a body that is not JSON is refused as such whatever its fields hold.</li>
 *   <li>Then each field of the record, in the order of its components: present and not null, and of its
 *       type (no number or boolean as a string, no single value as an array or the reverse, which
 *       Micronaut's default allows). Unknown fields are ignored; integers are read exactly.</li>
 *   <li>A type's deserializer or serializer is looked up when a body of it is first read or written, not when
 *       a reader or writer for it is made.</li>
 * </ul>
 */
@Singleton
final class JsonSettings implements BeanCreatedEventListener<ObjectMapper> {

    static final String NOT_AN_OBJECT = "Request body must be a JSON object";

    @Override
    public ObjectMapper onCreated(BeanCreatedEvent<ObjectMapper> event) {
        ObjectMapper mapper = event.getBean();
        mapper.setDefaultPropertyInclusion(
                JsonInclude.Value.construct(JsonInclude.Include.ALWAYS, JsonInclude.Include.ALWAYS));
        mapper.setSerializationInclusion(JsonInclude.Include.ALWAYS);

        // Micronaut's router makes a reader and a writer for every route's body type when it is built, at
        // start, and Jackson would look up each one's deserializer and serializer then, most of them for
        // readers of response types, never used (BENCHMARKS.md, "Start-up"). With Jackson's eager fetch off a
        // type's (de)serializer is found when a body of it is first read or written, and cached as before.
        mapper.disable(DeserializationFeature.EAGER_DESERIALIZER_FETCH);
        mapper.disable(SerializationFeature.EAGER_SERIALIZER_FETCH);

        mapper.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
        mapper.enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS, DeserializationFeature.USE_BIG_INTEGER_FOR_INTS);
        mapper.disable(
                DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES,
                DeserializationFeature.ACCEPT_SINGLE_VALUE_AS_ARRAY,
                DeserializationFeature.UNWRAP_SINGLE_VALUE_ARRAYS);
        mapper.setDefaultSetterInfo(JsonSetter.Value.forValueNulls(Nulls.FAIL, Nulls.FAIL));
        mapper.coercionConfigFor(LogicalType.Textual)
                .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
        // An integer field (the ledger's level, xp and deltas) takes a JSON integer only: not 1.5 (which Jackson
        // would cut to 1), not 1e3, not "5".
        mapper.coercionConfigFor(LogicalType.Integer)
                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
        mapper.registerModule(
                new SimpleModule("request-bodies").setDeserializerModifier(new BeanDeserializerModifier() {
                    @Override
                    public JsonDeserializer<?> modifyDeserializer(
                            DeserializationConfig config, BeanDescription bean, JsonDeserializer<?> deserializer) {
                        return bean.getBeanClass().getEnclosingClass() == Requests.class
                                ? new WholeBodyFirst(
                                        deserializer,
                                        bean.findProperties().stream()
                                                .map(BeanPropertyDefinition::getName)
                                                .toList())
                                : deserializer;
                    }
                }));
        return mapper;
    }

    /**
     * Reads a request record's body as one JSON tree, then hands Jackson its fields in the record's order, a
     * missing one as null, so the first field at fault is the one a client sees.
     */
    private static final class WholeBodyFirst extends DelegatingDeserializer {

        private final List<String> fields;

        WholeBodyFirst(JsonDeserializer<?> record, List<String> fields) {
            super(record);
            this.fields = fields;
        }

        @Override
        protected JsonDeserializer<?> newDelegatingInstance(JsonDeserializer<?> record) {
            return new WholeBodyFirst(record, fields);
        }

        @Override
        public Object deserialize(JsonParser parser, DeserializationContext context) throws IOException {
            JsonNode body = context.readTree(parser);
            JsonToken after = parser.nextToken();
            if (after != null) {
                // Refused here, before the shape of the body, by Jackson's own words for the tree just read.
                context.reportTrailingTokens(JsonNode.class, parser, after);
            }
            if (!body.isObject()) {
                throw new InvalidInputException(NOT_AN_OBJECT);
            }
            ObjectNode ordered = context.getNodeFactory().objectNode();
            fields.forEach(field -> ordered.set(field, body.has(field) ? body.get(field) : NullNode.getInstance()));
            try (JsonParser values = ordered.traverse(parser.getCodec())) {
                values.nextToken();
                return _delegatee.deserialize(values, context);
            }
        }

        /** A body of {@code null}. */
        @Override
        public Object getNullValue(DeserializationContext context) {
            throw new InvalidInputException(NOT_AN_OBJECT);
        }
    }
}

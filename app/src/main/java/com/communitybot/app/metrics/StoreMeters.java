package com.communitybot.app.metrics;

import com.communitybot.persistence.h2.H2PageCache;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.BaseUnits;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micronaut.context.BeanProvider;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.annotation.Value;
import jakarta.inject.Singleton;
import java.sql.SQLException;
import java.util.function.ToLongFunction;
import javax.sql.DataSource;

/**
 * The store's own meters beside Hikari's pool gauges: on H2, its page cache ({@code h2_cache_used_bytes}, {@code
 * h2_cache_max_bytes}), which is part of the service's heap, so that a heap that grows by the cache filling up is
 * told from a leak. Each is read from the store when scraped; a store that cannot answer reads as NaN.
 *
 * <p>The pool is reached through a provider when scraped: Micronaut binds the meters while it makes the pool (to
 * give Hikari the registry), so a pool injected here would be a cycle. Whether the store is H2 is read from its
 * configured URL.
 */
@Singleton
@Requires(bean = MeterRegistry.class)
@Requires(property = StoreMeters.URL)
final class StoreMeters implements MeterBinder {

    static final String URL = "datasources.default.url";

    private final String url;
    private final BeanProvider<DataSource> pool;

    StoreMeters(@Value("${" + URL + "}") String url, BeanProvider<DataSource> pool) {
        this.url = url;
        this.pool = pool;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        H2PageCache.of(url, pool::get).ifPresent(cache -> {
            gauge(
                    registry,
                    cache,
                    "h2.cache.used",
                    "Bytes H2's page cache holds in the heap",
                    H2PageCache.Use::usedBytes);
            gauge(registry, cache, "h2.cache.max", "Bytes H2's page cache may hold at most", H2PageCache.Use::maxBytes);
        });
    }

    private static void gauge(
            MeterRegistry registry,
            H2PageCache cache,
            String name,
            String description,
            ToLongFunction<H2PageCache.Use> value) {
        Gauge.builder(name, cache, c -> {
                    try {
                        return value.applyAsLong(c.read());
                    } catch (SQLException e) {
                        return Double.NaN;
                    }
                })
                // Micrometer holds a gauge's object weakly; nothing else holds the cache's reader.
                .strongReference(true)
                .description(description)
                .baseUnit(BaseUnits.BYTES)
                .register(registry);
    }
}

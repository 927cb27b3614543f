package com.communitybot.persistence.testing;

import com.communitybot.core.model.LevelRecord;
import javax.sql.DataSource;
import org.junit.jupiter.api.extension.AfterClassTemplateInvocationCallback;
import org.junit.jupiter.api.extension.BeforeClassTemplateInvocationCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.params.ParameterInfo;

/**
 * The stores of a test class that runs once on each database: for each run a {@link StoreContext} on a fresh
 * database of that run's {@link StoreBackend}, closed after the run, and every table emptied before each test. The
 * class is parameterized by the backend, declares it as its parameter (JUnit hands an extension only the arguments
 * a class declares), and registers the fixture:
 *
 * <pre>{@code
 * @ParameterizedClass(name = "on {0}")
 * @EnumSource(StoreBackend.class)
 * class SqlLevelStoreTest extends LevelStoreContract {
 *     @Parameter
 *     StoreBackend backend;
 *
 *     @RegisterExtension
 *     static final StoreFixture stores = new StoreFixture("levels");
 * }
 * }</pre>
 */
public final class StoreFixture
        implements BeforeClassTemplateInvocationCallback, AfterClassTemplateInvocationCallback, BeforeEachCallback {

    private final String purpose;
    private StoreContext context;

    /** @param purpose names the test's databases, as {@link StoreBackend#freshDatabase} does */
    public StoreFixture(String purpose) {
        this.purpose = purpose;
    }

    @Override
    public void beforeClassTemplateInvocation(ExtensionContext extension) {
        StoreBackend backend = ParameterInfo.get(extension).getArguments().get(0, StoreBackend.class);
        context = StoreContext.start(backend, purpose);
    }

    @Override
    public void afterClassTemplateInvocation(ExtensionContext extension) {
        context.close();
        context = null;
    }

    @Override
    public void beforeEach(ExtensionContext extension) {
        context().clear();
    }

    /** The stores on it. */
    public StoreContext context() {
        if (context == null) {
            throw new IllegalStateException("StoreFixture runs in a @ParameterizedClass over StoreBackend only");
        }
        return context;
    }

    // The context's methods that store tests call most, so that they read as before.

    public <T> T bean(Class<T> type) {
        return context().bean(type);
    }

    public DataSource pool() {
        return context().pool();
    }

    public void execute(String... sql) {
        context().execute(sql);
    }

    public void insertLevels(Iterable<LevelRecord> records) {
        context().insertLevels(records);
    }
}

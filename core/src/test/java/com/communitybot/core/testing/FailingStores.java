package com.communitybot.core.testing;

import com.communitybot.core.port.BetaStore;
import com.communitybot.core.port.LevelLedger;
import com.communitybot.core.port.LevelStore;
import com.communitybot.core.port.SettingsStore;
import com.communitybot.core.port.StoreException;
import com.communitybot.core.port.XpLog;
import java.lang.reflect.Proxy;

/** Stores whose every call fails as an unreachable store would, for tests of the failure paths. */
public final class FailingStores {

    private FailingStores() {}

    public static LevelStore levels(StoreException failure) {
        return failing(LevelStore.class, failure);
    }

    public static SettingsStore settings(StoreException failure) {
        return failing(SettingsStore.class, failure);
    }

    public static BetaStore beta(StoreException failure) {
        return failing(BetaStore.class, failure);
    }

    public static LevelLedger ledger(StoreException failure) {
        return failing(LevelLedger.class, failure);
    }

    public static XpLog log(StoreException failure) {
        return failing(XpLog.class, failure);
    }

    public static StoreException unreachable() {
        return new StoreException("store unreachable", new java.io.IOException("connection refused"));
    }

    private static <T> T failing(Class<T> port, StoreException failure) {
        return port.cast(Proxy.newProxyInstance(port.getClassLoader(), new Class<?>[] {port}, (proxy, method, args) -> {
            if (method.getDeclaringClass() == Object.class) {
                return method.invoke(failure, args);
            }
            throw failure;
        }));
    }
}

package com.communitybot.app;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A TCP forwarder between the service and its database that a test can freeze: frozen, it keeps every
 * connection open and accepts new ones but drops every byte either way, as a network partition does that
 * outlasts the client's timeouts. Thawed, it forwards again on connections that lost nothing; one that lost
 * bytes is out of step and is closed when it next carries any.
 *
 * <p>Dropping, not holding, the bytes is what makes a write's outcome certain: a server that hangs and
 * later wakes would still run a statement the client gave up on, so a 500 could then hide a done write.
 */
final class FreezingProxy implements AutoCloseable {

    private final ServerSocket listener;
    private final String targetHost;
    private final int targetPort;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private volatile boolean frozen;
    private volatile boolean closed;

    FreezingProxy(String targetHost, int targetPort) {
        this.targetHost = targetHost;
        this.targetPort = targetPort;
        try {
            listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Thread acceptor = new Thread(this::accept, "freezing-proxy-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    int port() {
        return listener.getLocalPort();
    }

    void freeze() {
        frozen = true;
    }

    void thaw() {
        frozen = false;
    }

    private void accept() {
        while (!closed) {
            try {
                Socket client = listener.accept();
                Socket server = new Socket(targetHost, targetPort);
                sockets.add(client);
                sockets.add(server);
                AtomicBoolean lostBytes = new AtomicBoolean();
                pump(client, server, lostBytes);
                pump(server, client, lostBytes);
            } catch (IOException e) {
                if (!closed) {
                    continue;
                }
                return;
            }
        }
    }

    private void pump(Socket from, Socket to, AtomicBoolean lostBytes) {
        Thread pump = new Thread(
                () -> {
                    byte[] buffer = new byte[16384];
                    try (InputStream in = from.getInputStream();
                            OutputStream out = to.getOutputStream()) {
                        for (int read; (read = in.read(buffer)) >= 0; ) {
                            if (frozen) {
                                lostBytes.set(true);
                            } else if (lostBytes.get()) {
                                return;
                            } else {
                                out.write(buffer, 0, read);
                                out.flush();
                            }
                        }
                    } catch (IOException e) {
                        // one side closed or the proxy is closing; the other side's pump ends the same way
                    } finally {
                        closeQuietly(from);
                        closeQuietly(to);
                    }
                },
                "freezing-proxy-pump");
        pump.setDaemon(true);
        pump.start();
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }

    @Override
    public void close() {
        closed = true;
        try {
            listener.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        sockets.forEach(FreezingProxy::closeQuietly);
    }
}

"""Processes a test starts (nodes, bots, a proxy), shared by the tests beside a throwaway PostgreSQL
(tests/examples/bot_failover.py, tests/pg/compose-native.py): a free loopback port for one, and
stopping them all at the end so that none outlives its test."""
import signal
import socket
import subprocess


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def stop_all(procs, seconds):
    """SIGTERM to every process still running (they shut down side by side), then waits for each up
    to `seconds` and kills one that has not exited by then."""
    for proc in procs:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
    for proc in procs:
        try:
            proc.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()

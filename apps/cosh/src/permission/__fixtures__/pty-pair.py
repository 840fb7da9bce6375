# Opens a pseudo-terminal, prints the path of its terminal side, then plays the person at the
# keyboard: waits for the prompt's question and types the answer given as argv[1].
import os, pty, select, sys

master, slave = pty.openpty()
print(os.ttyname(slave), flush=True)
seen = b''
while b'[y/N] ' not in seen:
    ready, _, _ = select.select([master], [], [], 10)
    if not ready:
        sys.exit(3)
    seen += os.read(master, 4096)
os.write(master, sys.argv[1].encode())
sys.stderr.write(seen.decode(errors='replace'))
sys.stderr.flush()
# Keep the terminal open until the test is done with it.
sys.stdin.read()

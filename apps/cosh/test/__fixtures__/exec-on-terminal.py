# Runs a command on a new pseudo-terminal (its stdin, stdout, stderr and controlling terminal),
# plays the person at the keyboard: waits for the permission prompt's question and types the
# answer given as argv[1]. Prints everything the terminal showed and exits with the command's
# exit status (3 if no prompt came within 20 seconds).
#   python3 exec-on-terminal.py 'y\r' node cosh.js exec …
import os, pty, select, signal, sys

answer = sys.argv[1].encode()
pid, master = pty.fork()
if pid == 0:
    os.execvp(sys.argv[2], sys.argv[2:])

seen = b''
answered = False
while True:
    ready, _, _ = select.select([master], [], [], 20)
    if not ready:
        os.kill(pid, signal.SIGKILL)
        sys.stdout.write(seen.decode(errors='replace'))
        sys.exit(3)
    try:
        data = os.read(master, 4096)
    except OSError:
        break  # EIO: the command exited and the terminal closed
    if not data:
        break
    seen += data
    if not answered and b'[y/N] ' in seen:
        os.write(master, answer)
        answered = True

_, status = os.waitpid(pid, 0)
sys.stdout.write(seen.decode(errors='replace'))
sys.exit(os.WEXITSTATUS(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status))

// The Landlock launcher: Node cannot make the Landlock system calls itself, so a small Python 3
// script (standard library only, `ctypes`) makes them and then runs the shell. It is shipped as
// this string and started with `python3 -I -c`, so there is no file to find after bundling.
//
// What it does, in order (argv: the policy as JSON, then the command):
// 1. asks the kernel's Landlock ABI version and handles every filesystem right that version
//    knows (REFER from ABI 2, TRUNCATE from 3, IOCTL_DEV from 5), TCP bind/connect (ABI 4) when
//    `network` is false, and the signal and abstract-socket scopes (ABI 6);
// 2. grants read and execute on `/`, write on /dev/null, /dev/zero, /dev/full, and write on the
//    writable trees; a tree that holds a protected path is granted entry by entry, skipping the
//    protected paths and going down the folders on the way to them (Landlock can only add
//    rights below a folder, never take them back), symbolic links skipped;
// 3. makes a fresh private temporary folder (TMPDIR) under the host's temporary folder;
// 4. forks: the child sets no_new_privs, restricts itself, loads the seccomp filter that
//    refuses AF_UNIX sockets (B14, unless the policy allows them), enters the cwd and execs the shell;
//    the parent stays outside as a child subreaper, so everything the command leaves behind
//    comes to it, ends it with SIGKILL when the shell has ended, removes the temporary folder,
//    and exits as the shell did (the same exit status, or the same signal).
export const landlockLauncherScript = String.raw`
import ctypes, json, os, shutil, signal, stat, sys, tempfile
NAME = 'cosh-landlock'
def fail(message):
    sys.stderr.write(NAME + ': ' + message + '\n')
    sys.exit(126)
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
libc.prctl.restype = ctypes.c_int
def syscall(*args):
    result = libc.syscall(*args)
    if result < 0:
        raise OSError(ctypes.get_errno(), os.strerror(ctypes.get_errno()))
    return result
class RulesetAttr(ctypes.Structure):
    _fields_ = [('handled_access_fs', ctypes.c_uint64), ('handled_access_net', ctypes.c_uint64), ('scoped', ctypes.c_uint64)]
class PathBeneathAttr(ctypes.Structure):
    _pack_ = 1
    _fields_ = [('allowed_access', ctypes.c_uint64), ('parent_fd', ctypes.c_int32)]
CREATE_RULESET, ADD_RULE, RESTRICT_SELF = 444, 445, 446
EXECUTE, WRITE_FILE, READ_FILE, READ_DIR = 1, 2, 4, 8
REFER, TRUNCATE, IOCTL_DEV = 1 << 13, 1 << 14, 1 << 15
FILE_RIGHTS = EXECUTE | WRITE_FILE | READ_FILE | TRUNCATE | IOCTL_DEV
BIND_TCP, CONNECT_TCP = 1, 2
SCOPE_ABSTRACT_UNIX_SOCKET, SCOPE_SIGNAL = 1, 2
def inside(path, folder):
    return path != folder and path.startswith(folder.rstrip('/') + '/')
def main():
    policy = json.loads(sys.argv[1])
    command = sys.argv[2:]
    if not command:
        fail('no command to run')
    try:
        abi = syscall(CREATE_RULESET, None, 0, 1)
    except OSError as error:
        fail('Landlock is not available: ' + error.strerror)
    # Every right this kernel knows: what is not handled is not restricted.
    fs = (1 << 13) - 1
    if abi >= 2: fs |= REFER
    if abi >= 3: fs |= TRUNCATE
    if abi >= 5: fs |= IOCTL_DEV
    attr = RulesetAttr(fs, 0, 0)
    if not policy['network']:
        if abi < 4:
            fail('"network": false needs Landlock ABI 4 (Linux 6.7); this kernel has ABI ' + str(abi))
        attr.handled_access_net = BIND_TCP | CONNECT_TCP
    if abi >= 6:
        attr.scoped = SCOPE_SIGNAL | SCOPE_ABSTRACT_UNIX_SOCKET
    try:
        ruleset = syscall(CREATE_RULESET, ctypes.byref(attr), ctypes.sizeof(attr), 0)
    except OSError as error:
        fail('cannot create a Landlock ruleset: ' + error.strerror)
    def allow(path, rights):
        try:
            fd = os.open(path, os.O_PATH | os.O_CLOEXEC | os.O_NOFOLLOW)
        except OSError:
            return
        try:
            mode = os.fstat(fd).st_mode
            if stat.S_ISLNK(mode):
                return
            if not stat.S_ISDIR(mode):
                rights &= FILE_RIGHTS
            rule = PathBeneathAttr(rights & fs, fd)
            syscall(ADD_RULE, ruleset, 1, ctypes.byref(rule), 0)
        except OSError as error:
            fail('cannot add a Landlock rule for ' + path + ': ' + error.strerror)
        finally:
            os.close(fd)
    protected = policy['readOnly']
    pinned = set(policy['pinned'])
    def allow_write(root, within):
        # Landlock cannot take a subtree back from a granted one: a root that holds protected
        # paths is granted entry by entry, and the folders on the way down to them not at all.
        # A protected folder that holds the writable tree itself is not in the way (B2).
        if any(root == other or inside(root, other) for other in within):
            return
        if root not in pinned and not any(inside(path, root) for path in within):
            allow(root, fs)
            return
        try:
            entries = sorted(os.listdir(root))
        except OSError:
            return
        for entry in entries:
            allow_write(os.path.join(root, entry), within)
    allow('/', EXECUTE | READ_FILE | READ_DIR)
    for device in ('/dev/null', '/dev/zero', '/dev/full'):
        allow(device, READ_FILE | WRITE_FILE)
    for root in policy['writable']:
        allow_write(root, [path for path in protected if not inside(root, path)])
    tmp = tempfile.mkdtemp(prefix='cosh-sandbox-', dir=policy['tmp'])
    allow(tmp, fs)
    env = environment_as_started()
    env[b'TMPDIR'] = os.fsencode(tmp)
    # The launcher stays outside, as the reaper of everything the command leaves behind
    # (orphans come to it), and removes the private temporary folder at the end.
    libc.prctl(36, 1, 0, 0, 0)
    child = os.fork()
    if child == 0:
        # Python ignores SIGPIPE and SIGXFSZ, and ignored signals stay ignored across exec: the
        # shell gets them back as they were outside (else "yes | head" reports a broken pipe).
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
        signal.signal(signal.SIGXFSZ, signal.SIG_DFL)
        if libc.prctl(38, 1, 0, 0, 0) != 0:
            fail('cannot set no_new_privs: ' + os.strerror(ctypes.get_errno()))
        try:
            syscall(RESTRICT_SELF, ruleset, 0)
        except OSError as error:
            fail('cannot restrict itself with Landlock: ' + error.strerror)
        os.close(ruleset)
        if policy['seccomp'] is not None:
            install_seccomp(bytes.fromhex(policy['seccomp']))
        try:
            os.chdir(policy['cwd'])
        except OSError as error:
            sys.stderr.write(NAME + ': cannot enter ' + policy['cwd'] + ': ' + error.strerror + '\n')
            os._exit(127)
        try:
            os.execve(command[0], command, env)
        except OSError as error:
            sys.stderr.write(NAME + ': cannot run ' + command[0] + ': ' + error.strerror + '\n')
            os._exit(127)
    os.close(ruleset)
    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGQUIT):
        signal.signal(signum, signal.SIG_IGN)
    os.close(0)
    status = None
    while status is None:
        pid, waited = os.waitpid(-1, 0)
        if pid == child:
            status = waited
    end_leftovers()
    shutil.rmtree(tmp, ignore_errors=True)
    if os.WIFSIGNALED(status):
        signum = os.WTERMSIG(status)
        # Dies of the same signal, as the shell did (B6).
        if signum not in (signal.SIGKILL, signal.SIGSTOP):
            signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)
        sys.exit(128 + signum)
    sys.exit(os.WEXITSTATUS(status))
class SockFilterProgram(ctypes.Structure):
    _fields_ = [('len', ctypes.c_ushort), ('filter', ctypes.c_void_p)]
def install_seccomp(program):
    # B14: the same classic-BPF program bubblewrap loads (refuses AF_UNIX sockets), installed
    # with prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER) after no_new_privs; a filter that cannot
    # load means no sandbox (the probe runs this too).
    buffer = ctypes.create_string_buffer(program, len(program))
    fprog = SockFilterProgram(len(program) // 8, ctypes.cast(buffer, ctypes.c_void_p))
    if libc.prctl(22, 2, ctypes.byref(fprog), 0, 0) != 0:
        fail('cannot load the AF_UNIX socket filter (seccomp): ' + os.strerror(ctypes.get_errno()))
def environment_as_started():
    # The environment the launcher was given, as it was: Python changes its own at start (PEP
    # 538 sets LC_CTYPE=C.UTF-8 under the C locale), and the shell must see what it would
    # outside (B6). /proc/self/environ still holds the block the kernel passed to exec.
    try:
        with open('/proc/self/environ', 'rb') as environ_file:
            block = environ_file.read()
    except OSError:
        return dict(os.environb)
    env = {}
    for item in block.split(b'\0'):
        if b'=' in item:
            name, value = item.split(b'=', 1)
            env.setdefault(name, value)
    return env
def end_leftovers():
    me = str(os.getpid())
    while True:
        for name in os.listdir('/proc'):
            if not name.isdigit():
                continue
            try:
                with open('/proc/' + name + '/stat') as stat_file:
                    fields = stat_file.read().rsplit(')', 1)[1].split()
            except OSError:
                continue
            if fields[1] == me:
                try:
                    os.kill(int(name), signal.SIGKILL)
                except OSError:
                    pass
        try:
            os.waitpid(-1, 0)
        except ChildProcessError:
            return
main()
`;

// SPEC B14: the seccomp filter that keeps a sandboxed command from creating AF_UNIX sockets, so
// it reaches neither the abstract nor the path sockets of the user's services (tmux, D-Bus,
// docker, ssh and gpg agents, X11). Claude Code's sandbox-runtime does the same on Linux with a
// filter compiled from C by libseccomp; this one is written here, as the classic-BPF program's
// bytes, so there is no native build step: bubblewrap takes it on a descriptor
// (`bwrap --seccomp FD`) and the Landlock launcher installs it with prctl(PR_SET_SECCOMP).
//
// The program, per system call (struct seccomp_data: nr at 0, arch at 4, args[0] at 16):
//
// - x86_64: socket (41) and socketpair (53), and their x32 numbers (0x40000000 | nr), with a
//   domain of AF_UNIX are refused with EPERM;
// - aarch64: socket (198), socketpair (199), likewise;
// - i386 (32-bit code on an x86_64 kernel): socket (359), socketpair (360) likewise, and
//   socketcall (102) for SYS_SOCKET (1) and SYS_SOCKETPAIR (8) whatever the domain (its
//   arguments are behind a pointer a filter cannot read): a 32-bit program creates no socket;
// - arm (32-bit code on an aarch64 kernel): socket (281), socketpair (288) likewise;
// - io_uring_setup, io_uring_enter, io_uring_register (425–427 on all four) are refused: an
//   io_uring can create a socket (IORING_OP_SOCKET) without the socket system call;
// - any other architecture: the process is killed (a filter that cannot see what a call is
//   must not let it through).
//
// Only the low 32 bits of the domain are compared: the kernel reads the argument as an `int`,
// so upper bits set by the caller cannot hide AF_UNIX. Everything else is allowed: TCP and UDP
// (AF_INET, AF_INET6) follow B4, and sockets that already exist are unaffected.

/** BPF_LD | BPF_W | BPF_ABS: load the 32-bit word at offset k of struct seccomp_data. */
const LOAD = 0x20;
/** BPF_JMP | BPF_JEQ | BPF_K: jump `jt` ahead when the accumulator equals k, else `jf` ahead. */
const JUMP_IF_EQUAL = 0x15;
/** BPF_RET | BPF_K: return k. */
const RETURN = 0x06;

const OFFSET_NR = 0;
const OFFSET_ARCH = 4;
/** The low half of args[0] (both architectures are little-endian). */
const OFFSET_FIRST_ARGUMENT = 16;

const SECCOMP_RET_KILL_PROCESS = 0x80000000;
const SECCOMP_RET_ERRNO = 0x00050000;
const SECCOMP_RET_ALLOW = 0x7fff0000;
const EPERM = 1;

const AUDIT_ARCH_X86_64 = 0xc000003e;
const AUDIT_ARCH_AARCH64 = 0xc00000b7;
const AUDIT_ARCH_I386 = 0x40000003;
const AUDIT_ARCH_ARM = 0x40000028;

const AF_UNIX = 1;
const X32_SYSCALL_BIT = 0x40000000;
const IO_URING = [425, 426, 427] as const;

/** The system calls that create sockets, per architecture (the domain is their first argument). */
const socketCalls: Readonly<Record<'x86_64' | 'aarch64' | 'i386' | 'arm', readonly number[]>> = {
  x86_64: [41, 53, X32_SYSCALL_BIT | 41, X32_SYSCALL_BIT | 53],
  aarch64: [198, 199],
  i386: [359, 360],
  arm: [281, 288],
};
const I386_SOCKETCALL = 102;
const SYS_SOCKET = 1;
const SYS_SOCKETPAIR = 8;

type Instruction = readonly [code: number, jt: number, jf: number, k: number];

/** A program under construction whose jumps name labels; resolved to offsets at the end. */
type Step =
  | { readonly label: string }
  | { readonly load: number }
  | { readonly ifEqual: number; readonly to: string; readonly otherwise?: string }
  | { readonly ret: number };

function steps(): Step[] {
  const program: Step[] = [{ load: OFFSET_ARCH }];
  program.push({ ifEqual: AUDIT_ARCH_X86_64, to: 'x86_64' });
  program.push({ ifEqual: AUDIT_ARCH_AARCH64, to: 'aarch64' });
  program.push({ ifEqual: AUDIT_ARCH_I386, to: 'i386' });
  program.push({ ifEqual: AUDIT_ARCH_ARM, to: 'arm' });
  program.push({ ret: SECCOMP_RET_KILL_PROCESS });
  for (const arch of ['x86_64', 'aarch64', 'i386', 'arm'] as const) {
    program.push({ label: arch }, { load: OFFSET_NR });
    for (const nr of socketCalls[arch]) program.push({ ifEqual: nr, to: 'domain' });
    for (const nr of IO_URING) program.push({ ifEqual: nr, to: 'refuse' });
    if (arch === 'i386') program.push({ ifEqual: I386_SOCKETCALL, to: 'socketcall' });
    program.push({ ret: SECCOMP_RET_ALLOW });
  }
  program.push(
    { label: 'socketcall' },
    { load: OFFSET_FIRST_ARGUMENT },
    { ifEqual: SYS_SOCKET, to: 'refuse' },
    { ifEqual: SYS_SOCKETPAIR, to: 'refuse' },
    { ret: SECCOMP_RET_ALLOW },
    { label: 'domain' },
    { load: OFFSET_FIRST_ARGUMENT },
    { ifEqual: AF_UNIX, to: 'refuse', otherwise: 'allow' },
    { label: 'refuse' },
    { ret: SECCOMP_RET_ERRNO | EPERM },
    { label: 'allow' },
    { ret: SECCOMP_RET_ALLOW },
  );
  return program;
}

/** Labels resolved to forward offsets (classic BPF jumps forward only, at most 255). */
function assemble(program: readonly Step[]): Instruction[] {
  const positions = new Map<string, number>();
  let count = 0;
  for (const step of program) {
    if ('label' in step) positions.set(step.label, count);
    else count += 1;
  }
  const instructions: Instruction[] = [];
  const offsetTo = (label: string): number => {
    const target = positions.get(label);
    const offset = target === undefined ? -1 : target - instructions.length - 1;
    if (offset < 0 || offset > 255) throw new Error(`seccomp program: no forward jump to ${label}`);
    return offset;
  };
  for (const step of program) {
    if ('label' in step) continue;
    if ('load' in step) instructions.push([LOAD, 0, 0, step.load]);
    else if ('ret' in step) instructions.push([RETURN, 0, 0, step.ret]);
    else {
      const otherwise = step.otherwise === undefined ? 0 : offsetTo(step.otherwise);
      instructions.push([JUMP_IF_EQUAL, offsetTo(step.to), otherwise, step.ifEqual]);
    }
  }
  return instructions;
}

/** The program as the kernel takes it: struct sock_filter[] (u16 code, u8 jt, u8 jf, u32 k), little-endian. */
function encode(instructions: readonly Instruction[]): Uint8Array {
  const bytes = new Uint8Array(instructions.length * 8);
  const view = new DataView(bytes.buffer);
  instructions.forEach(([code, jt, jf, k], index) => {
    view.setUint16(index * 8, code, true);
    view.setUint8(index * 8 + 2, jt);
    view.setUint8(index * 8 + 3, jf);
    view.setUint32(index * 8 + 4, k >>> 0, true);
  });
  return bytes;
}

/**
 * Why there is no filter for this machine, `null` when there is one: the program is
 * little-endian and knows x86_64 and aarch64 kernels (and the 32-bit code they run). What
 * `locateSandbox` asks, which needs no bytes.
 */
export function unixSocketFilterMissing(arch: string = process.arch): string | null {
  return arch === 'x64' || arch === 'arm64' ? null : `the AF_UNIX socket filter (B14) has no program for ${arch}`;
}

// Assembled on first use, not when the module loads: `cosh hooks run` loads this module on
// every call and starts no sandbox.
let filterBytes: Uint8Array | undefined;

/**
 * The filter's bytes (a struct sock_filter array) for this machine, or why there is none
 * ({@link unixSocketFilterMissing}). The same bytes every time (one array), so the runner
 * writes them to a file once per tick.
 */
export function unixSocketFilter(
  arch: string = process.arch,
): { ok: true; bytes: Uint8Array } | { ok: false; cause: string } {
  const missing = unixSocketFilterMissing(arch);
  if (missing !== null) return { ok: false, cause: missing };
  filterBytes ??= encode(assemble(steps()));
  return { ok: true, bytes: filterBytes };
}

/** The program's instructions (tests check its shape and run it in a small interpreter). */
export function unixSocketFilterInstructions(): readonly Instruction[] {
  return assemble(steps());
}

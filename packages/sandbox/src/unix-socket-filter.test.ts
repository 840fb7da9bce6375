import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hasBubblewrap } from '@cosh/test-utils';
import { runLaunch } from './__fixtures__/run-launch.ts';
import { prepareSandbox } from './prepare-sandbox.ts';
import { probeSandbox } from './probe-sandbox.ts';
import { unixSocketFilter, unixSocketFilterInstructions } from './unix-socket-filter.ts';

/** A classic-BPF interpreter for the instructions the program uses (ld abs, jeq k, ret k). */
function decide(arch: number, nr: number, firstArgument: bigint): number {
  const program = unixSocketFilterInstructions();
  const data = new DataView(new ArrayBuffer(64));
  data.setInt32(0, nr | 0, true);
  data.setUint32(4, arch, true);
  data.setBigUint64(16, BigInt.asUintN(64, firstArgument), true);
  let accumulator = 0;
  for (let pc = 0; pc < program.length; ) {
    const [code, jt, jf, k] = program[pc] as readonly [number, number, number, number];
    if (code === 0x20) {
      accumulator = data.getUint32(k, true);
      pc += 1;
    } else if (code === 0x15) pc += 1 + (accumulator === k >>> 0 ? jt : jf);
    else if (code === 0x06) return k >>> 0;
    else throw new Error(`unexpected opcode ${code}`);
  }
  throw new Error('fell off the end');
}

const ALLOW = 0x7fff0000;
const EPERM = 0x00050001;
const KILL = 0x80000000;
const X86_64 = 0xc000003e;
const AARCH64 = 0xc00000b7;
const I386 = 0x40000003;
const ARM = 0x40000028;

describe('B14 the AF_UNIX seccomp program', () => {
  it('B14: socket and socketpair with AF_UNIX are refused with EPERM on x86_64 (and x32) and aarch64', () => {
    for (const [arch, calls] of [
      [X86_64, [41, 53, 0x40000029, 0x40000035]],
      [AARCH64, [198, 199]],
      [I386, [359, 360]],
      [ARM, [281, 288]],
    ] as const) {
      for (const nr of calls) {
        expect(decide(arch, nr, 1n)).toBe(EPERM);
        // The kernel reads the domain as an int: upper bits do not hide AF_UNIX.
        expect(decide(arch, nr, (1n << 32n) | 1n)).toBe(EPERM);
        // AF_INET (2), AF_INET6 (10), AF_NETLINK (16) are allowed: TCP and UDP follow B4.
        for (const domain of [2n, 10n, 16n]) expect(decide(arch, nr, domain)).toBe(ALLOW);
      }
    }
  });

  it('B14: io_uring (which can create sockets without socket()) is refused; other calls pass', () => {
    for (const arch of [X86_64, AARCH64, I386, ARM]) {
      for (const nr of [425, 426, 427]) expect(decide(arch, nr, 0n)).toBe(EPERM);
      for (const nr of [0, 1, 2, 42, 59, 200]) expect(decide(arch, nr, 1n)).toBe(ALLOW);
    }
  });

  it("B14: i386's socketcall cannot show its domain: SYS_SOCKET and SYS_SOCKETPAIR are refused, the rest pass", () => {
    expect(decide(I386, 102, 1n)).toBe(EPERM);
    expect(decide(I386, 102, 8n)).toBe(EPERM);
    expect(decide(I386, 102, 3n)).toBe(ALLOW); // SYS_CONNECT on a socket it was given
  });

  it('B14: an architecture the program does not know is killed, never let through', () => {
    expect(decide(0xc00000f3 /* riscv64 */, 198, 1n)).toBe(KILL);
    expect(decide(0, 41, 1n)).toBe(KILL);
  });

  it('B14: the bytes are struct sock_filter[] (8 bytes each); machines without a program have no filter, with the cause', () => {
    const filter = unixSocketFilter('x64');
    expect(filter.ok).toBe(true);
    if (filter.ok) expect(filter.bytes.byteLength).toBe(unixSocketFilterInstructions().length * 8);
    expect(unixSocketFilter('riscv64')).toEqual({
      ok: false,
      cause: 'the AF_UNIX socket filter (B14) has no program for riscv64',
    });
  });
});

const root = realpathSync(mkdtempSync(join(tmpdir(), 'cosh-unix-filter-')));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const tryDomain = (domain: string, call = 'socket.socket(d, socket.SOCK_STREAM).close()') =>
  `python3 -c 'import socket, sys
d = socket.${domain}
try:
    ${call}
    print("ok")
except OSError as e:
    print("refused", e.errno)'`;

describe.runIf(hasBubblewrap)('B14 the filter in real bubblewrap', () => {
  const run = (command: string, unixSockets: boolean) => {
    const prepared = prepareSandbox(
      { cwd: root, writable: [], readOnly: [], network: true, unixSockets },
      probeSandbox({ unixSockets }),
    );
    if (!prepared.ok) throw new Error(prepared.cause);
    expect(prepared.launch.launcher).toContain('--seccomp');
    return runLaunch(prepared.launch, root, command);
  };

  it('B14: python3 inside bwrap cannot create an AF_UNIX socket or socketpair (EPERM); AF_INET and AF_INET6 work', () => {
    const refused = (domain: string, call?: string) => run(tryDomain(domain, call), false).stdout.trim();
    expect(refused('AF_UNIX')).toBe('refused 1');
    expect(refused('AF_UNIX', 'socket.socketpair(d)')).toBe('refused 1');
    expect(refused('AF_UNIX', 'socket.socket(d, socket.SOCK_DGRAM).close()')).toBe('refused 1');
    expect(refused('AF_INET')).toBe('ok');
    expect(refused('AF_INET', 'socket.socket(d, socket.SOCK_DGRAM).close()')).toBe('ok');
    expect(refused('AF_INET6')).toBe('ok');
  });

  it('B14: with unixSockets true there is no filter and AF_UNIX sockets work', () => {
    const prepared = prepareSandbox(
      { cwd: root, writable: [], readOnly: [], network: true, unixSockets: true },
      probeSandbox({ unixSockets: true }),
    );
    if (!prepared.ok) throw new Error(prepared.cause);
    expect(prepared.launch.launcher).not.toContain('--seccomp');
    expect(runLaunch(prepared.launch, root, tryDomain('AF_UNIX')).stdout.trim()).toBe('ok');
  });

  it('B14/B6: the filter costs the command nothing else: no descriptor is left open, the shell runs as before', () => {
    const command = 'ls /proc/self/fd | sort -n | tr "\\n" " "; echo; echo hi; exit 3';
    const filtered = run(command, false);
    const unfiltered = prepareSandbox(
      { cwd: root, writable: [], readOnly: [], network: true, unixSockets: true },
      probeSandbox({ unixSockets: true }),
    );
    if (!unfiltered.ok) throw new Error(unfiltered.cause);
    // The same descriptors as without the filter (bwrap closed the program's descriptor).
    expect(filtered.stdout).toBe(runLaunch(unfiltered.launch, root, command).stdout);
    expect(filtered.stdout).toMatch(/^0 1 2 3 .*\nhi\n$/);
    expect(filtered.status).toBe(3);
  });
});

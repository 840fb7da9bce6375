// Reads one file in a tight loop from its own process until `<file>.stop` exists, and prints
// how many reads it made and how many saw something other than one of the two whole contents
// the writer alternates between (`a` or `b` repeated to the expected length). Says `ready` on
// stderr after its first read, so the writer knows the reads overlap its writes.
import { existsSync, readFileSync } from 'node:fs';

const [file, expectedLength] = [process.argv[2], Number(process.argv[3])];
const wholeA = 'a'.repeat(expectedLength);
const wholeB = 'b'.repeat(expectedLength);
let reads = 0;
let partial = 0;
const examples = [];
while (!existsSync(`${file}.stop`)) {
  let content;
  try {
    content = readFileSync(file, 'latin1');
  } catch {
    // A rename never leaves the name missing: a failed read is a failure of atomicity too.
    partial += 1;
    continue;
  }
  reads += 1;
  if (reads === 1) process.stderr.write('ready\n');
  if (content !== wholeA && content !== wholeB) {
    partial += 1;
    if (examples.length < 3) examples.push({ length: content.length, first: content[0] });
  }
}
process.stdout.write(JSON.stringify({ reads, partial, examples }));

// Reads one file in a tight loop from its own process until `<file>.stop` exists, and prints
// how many reads it made and how many saw a file that was neither of the whole contents the
// writer alternates between (all one letter, of the expected length). Says `ready` on stderr
// once it has read the file once, so the writer knows the reads overlap its writes.
import { existsSync, readFileSync } from 'node:fs';

const [file, expectedLength] = [process.argv[2], Number(process.argv[3])];
let reads = 0;
let partial = 0;
const examples = [];
while (!existsSync(`${file}.stop`)) {
  let content;
  try {
    content = readFileSync(file, 'latin1');
  } catch {
    partial += 1;
    continue;
  }
  reads += 1;
  if (reads === 1) process.stderr.write('ready\n');
  const first = content[0];
  if (content.length !== expectedLength || content.split(first).length - 1 !== expectedLength) {
    partial += 1;
    if (examples.length < 3) examples.push({ length: content.length, first });
  }
}
process.stdout.write(JSON.stringify({ reads, partial, examples }));

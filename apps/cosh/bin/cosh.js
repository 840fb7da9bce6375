#!/usr/bin/env node
// A committed shim so the `cosh` bin link exists before the first build.
import '../dist/cli.js';

// Run a Python script under the 32-bit MicroPython WebAssembly port, from the command line.
//
//   node sim/mp/run_wasm.mjs [--heap BYTES] [--pystack WORDS] [--lift[=BYTES]]
//                              [--path HOST_DIR:FS_DIR ...] [--romfs IMAGE] script.py [args...]
//
// Uses npm's @micropython/micropython-webassembly-pyscript (pinned in package.json; run
// `npm ci` at the repository root first). Exit status: 0 when the script ran to the end (or
// called sys.exit(0)), 1 when it raised (the Python traceback goes to stderr), the
// sys.exit() code when it called sys.exit(n), 2 for a harness error (bad arguments, missing
// file, a failure inside the runtime) or when the script ended with the heap still locked.
//
// Options
//   --heap BYTES    initial MicroPython GC heap (default 1 MiB; suffixes k and m are
//                   accepted). NOTE: this build grows its heap on demand (gc.mem_free()
//                   reports ~130 MB even with --heap 64k), so this is not a cap: to test a
//                   hard heap limit use the unix port's -X heapsize. gc.mem_alloc() works and
//                   reports 32-bit object sizes.
//   --pystack WORDS Python stack size in 4-byte words (default 2048, as loadMicroPython).
//                   This port keeps Python frames on a fixed "pystack"; when it runs out,
//                   "RuntimeError: pystack exhausted". With the default, the C stack runs out
//                   first: a trivial recursive function stops at about 160 frames with
//                   "RuntimeError: maximum recursion depth exceeded" (the unix port: ~200),
//                   and a larger --pystack does not change that.
//   --lift[=BYTES]  before the script, fill the heap's first 16 MB (or BYTES; needs --heap
//                   8 MB larger or more), so that the script's objects land above 2**24. This port's heap
//                   starts at about 1 MB, and its collector is conservative: it scans every
//                   word of every live block, array and bytearray contents too, so a raw int
//                   there (a move below 2**24, a mask) equal to a dead object's address keeps
//                   that object alive. A board's RAM sits at 0x20000000, where that cannot
//                   happen; heap measurements use this (tested: the 9 KB rules parser stayed
//                   counted in one board's budget and not in the next, by chance).
//   --path H:D      copy every .py and .mpy file under host directory H (recursively;
//                   directories starting with "." and __pycache__/node_modules are skipped)
//                   into the in-memory filesystem at D, creating directories as needed.
//                   Repeatable. Then, if D holds an __init__.py/.mpy it is a package and its
//                   parent goes on sys.path, otherwise D itself does (e.g. `--path engine:/engine`
//                   makes `import engine` and `from engine import state` work; `--path
//                   build/mpy:/` mounts a tree of compiled modules at the root). The FS cwd is
//                   "/" and sys.path starts as ['', '.frozen', '/lib'], so "/" is importable
//                   anyway. The script's own directory is NOT copied: mount it to import
//                   its sibling modules. .py wins over .mpy in the same directory.
//   --romfs IMAGE   give the runtime a ROMFS image (made by sim/romfs.py): loadMicroPython's
//                   `romfs` option copies it into memory outside the GC heap, as a board's
//                   flash is, and the runtime mounts it at /rom with "/rom" and "/rom/lib"
//                   on sys.path after "" and ".frozen". Its .mpy files then run in place:
//                   their bytecode and constants stay in the image, not on the heap.
//   --each JSON     run the script once for each list of arguments in JSON (a list of
//                   lists, each added after the script's own args), each in a MicroPython
//                   of its own with a fresh heap, in this one process (saving Node's start-up
//                   each time), one after another; before each run, a line "run_wasm: run N"
//                   (N from 0). Stops at the first run that fails, with its exit status.
//
// The script runs as __main__ (fresh globals with __name__ == "__main__" and __file__ set to
// the script's file name, without the host's folders). sys.argv is [that name, *args], like
// the unix port: the runtime's own sys.argv list (empty in this build) is filled in before the
// script runs. The name is the same wherever the host keeps the file: a longer host path
// moved later objects and changed a heap measurement by 3.5 KB (a pytest worker's temporary
// folder against the plain one's).
// stdout and stderr stream to the process's stdout and stderr, flushed at each newline.
//
// heap_lock and MemoryError, what we found (MicroPython v1.29.0-6.gc763859f35, Node 20):
//  * micropython.heap_lock/heap_unlock exist here and in the unix port (no heap_locked()).
//    heap_unlock() returns the remaining lock depth; called when not locked it UNDERFLOWS
//    the depth (returns 32767) and leaves the heap locked for good.
//  * Calling the runtime's runPython() directly: if a MemoryError (or any exception) leaves
//    runPython while the heap is still locked, the runtime spins forever at 100% CPU instead
//    of throwing, presumably because reporting the exception to JS allocates. This is not
//    only a module-level problem: a function doing `heap_lock(); x = [1]; heap_unlock()`
//    (no try/finally) hangs exactly like module-level code does. With the unlock in a
//    `finally`, runPython throws PythonError("MemoryError") normally.
//  * So this runner never lets an exception reach runPython: it execs the script inside a
//    Python function that catches BaseException into a local (no allocation), then
//    releases every heap lock level (heap_lock(); depth = heap_unlock(); unlock depth
//    more times) before printing the traceback to stderr and returning 1. Both module-level
//    and function-level MemoryErrors under the lock then fail promptly (exit 1) instead of
//    hanging. A script that ends with the heap still locked is unlocked and fails (exit 2).
//  * A MemoryError raised under the lock here has an empty message ("MemoryError: ") and a
//    traceback without the frames it passed through while the lock was held (they could not
//    be allocated): a function that unlocks in `finally` shows only its caller's line, a
//    module-level one shows no line at all (the runner adds a note saying so). The unix port
//    prints the full traceback and "memory allocation failed, heap is locked".
//  * Small ints are 31-bit (sys.maxsize == 2**31-1): `1 << n` with n == 30, or
//    `a + a` with a == 2**29, allocates a long int here (MemoryError under heap_lock) while
//    it is free on the 64-bit unix port. A literal `1 << 30` does not trip the lock: the
//    compiler folds it into a constant object before the lock is taken.
//  * A wedged runtime cannot be interrupted from inside this (single-threaded) process: the
//    caller's timeout (sim/mpruntime.py run_wasm) is the last line of defence.

// A line holding exactly this splits a script into stages run in separate calls, sharing
// globals. gc.collect() in this port frees nothing a still-running call has made (tested:
// 36 KB of dropped lists stayed counted until the next call), so heap measurements put the
// set-up in one stage and gc.collect() + gc.mem_alloc() in the next. Between two stages the
// runner makes one more call that only collects (_harness_settle).
const STAGE_MARKER = "\n# run_wasm: next stage\n";

import fs from "node:fs";
import path from "node:path";

const USAGE =
  "usage: node sim/mp/run_wasm.mjs [--heap BYTES] [--pystack WORDS] [--lift] " +
  "[--path HOST_DIR:FS_DIR ...] [--romfs IMAGE] [--each JSON] script.py [args...]";

function die(message) {
  process.stderr.write(`run_wasm: ${message}\n`);
  process.exit(2);
}

function parseSize(text, what) {
  const m = /^(\d+)([kKmM]?)$/.exec(text ?? "");
  if (!m) die(`bad ${what}: ${JSON.stringify(text)}\n${USAGE}`);
  const unit = { "": 1, k: 1024, m: 1024 * 1024 }[m[2].toLowerCase()];
  return parseInt(m[1], 10) * unit;
}

function parseEach(text) {
  let runs;
  try {
    runs = JSON.parse(text ?? "");
  } catch (e) {
    die(`--each wants a JSON list of argument lists: ${e.message}`);
  }
  if (!Array.isArray(runs) || !runs.every((r) => Array.isArray(r))) {
    die(`--each wants a JSON list of argument lists, got ${JSON.stringify(text)}`);
  }
  return runs.map((r) => r.map(String));
}

function readRomfs(file) {
  let image;
  try {
    image = fs.readFileSync(file ?? "");
  } catch (e) {
    die(`--romfs: cannot read ${JSON.stringify(file)}: ${e.message}`);
  }
  // the ROMFS header (MicroPython's extmod/vfs_rom.c): without it the runtime would mount
  // nothing and every import would fail further on, for no clear reason
  if (!(image[0] === 0xd2 && image[1] === 0xcd && image[2] === 0x31)) {
    die(`--romfs: ${file} is not a ROMFS image (no d2 cd 31 header)`);
  }
  return new Uint8Array(image);
}

function parseArgs(argv) {
  const opts = {
    heap: 1 << 20, pystack: 2048, lift: false, mounts: [], script: null, args: [], each: null,
    romfs: undefined,
  };
  let i = 0;
  for (; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--heap") opts.heap = parseSize(argv[++i], "--heap");
    else if (a.startsWith("--heap=")) opts.heap = parseSize(a.slice(7), "--heap");
    else if (a === "--pystack") opts.pystack = parseSize(argv[++i], "--pystack");
    else if (a.startsWith("--pystack=")) opts.pystack = parseSize(a.slice(10), "--pystack");
    else if (a === "--each") opts.each = parseEach(argv[++i]);
    else if (a === "--romfs") opts.romfs = readRomfs(argv[++i]);
    else if (a === "--lift") opts.lift = 1 << 24;
    else if (a.startsWith("--lift=")) opts.lift = parseSize(a.slice(7), "--lift");
    else if (a === "--path" || a.startsWith("--path=")) {
      const spec = a === "--path" ? argv[++i] : a.slice(7);
      const colon = spec ? spec.lastIndexOf(":") : -1;
      if (colon <= 0) die(`--path wants HOST_DIR:FS_DIR, got ${JSON.stringify(spec)}`);
      opts.mounts.push({ host: spec.slice(0, colon), dest: normDest(spec.slice(colon + 1)) });
    } else if (a === "-h" || a === "--help") {
      process.stdout.write(USAGE + "\n");
      process.exit(0);
    } else if (a === "--") {
      i++;
      break;
    } else if (a.startsWith("--")) die(`unknown option ${a}\n${USAGE}`);
    else break;
  }
  if (i >= argv.length) die(`no script given\n${USAGE}`);
  opts.script = argv[i];
  opts.args = argv.slice(i + 1);
  return opts;
}

function normDest(dest) {
  let d = path.posix.normalize(dest.startsWith("/") ? dest : "/" + dest);
  if (d.length > 1 && d.endsWith("/")) d = d.slice(0, -1);
  return d;
}

const SKIP_DIRS = new Set(["__pycache__", "node_modules"]);

// Copy .py/.mpy files under hostDir into the MicroPython FS at dest. Returns the count.
function copyTree(FS, hostDir, dest) {
  let count = 0;
  const walk = (hdir, fdir) => {
    for (const ent of fs.readdirSync(hdir, { withFileTypes: true })) {
      const hpath = path.join(hdir, ent.name);
      const fpath = fdir === "/" ? "/" + ent.name : fdir + "/" + ent.name;
      const st = ent.isSymbolicLink() ? fs.statSync(hpath) : ent;
      if (st.isDirectory()) {
        if (ent.name.startsWith(".") || SKIP_DIRS.has(ent.name)) continue;
        walk(hpath, fpath);
      } else if (st.isFile() && (ent.name.endsWith(".py") || ent.name.endsWith(".mpy"))) {
        FS.mkdirTree(fdir);
        FS.writeFile(fpath, fs.readFileSync(hpath));
        count++;
      }
    }
  };
  if (!fs.statSync(hostDir, { throwIfNoEntry: false })?.isDirectory()) {
    die(`--path: not a directory: ${hostDir}`);
  }
  FS.mkdirTree(dest);
  walk(hostDir, dest);
  return count;
}

function fsExists(FS, p) {
  try {
    FS.stat(p);
    return true;
  } catch {
    return false;
  }
}

// Python side of the runner. Everything between the exec and the unlock uses only locals,
// so it does not allocate while the script may have left the heap locked.
const HARNESS = `
import sys, micropython, json, io, gc

def _harness_scrub(depth):
    return _harness_scrub(depth - 1) if depth else 0

_harness_lifted = [None] * 4096

def _harness_lift(top):
    # --lift: the garbage so far collected, a block up to top (16 MB), then the holes
    # below it filled with small objects.
    gc.collect()
    kept = _harness_lifted
    start = id(kept)
    if start < top:
        kept[0] = bytearray(top - start)
    for i in range(1, len(kept)):
        o = bytearray(1)
        if id(o) >= top:
            break
        kept[i] = o

def _harness_settle():
    # Run between stages, in a call of its own: overwrite the C stack (a stale word there can
    # point at garbage, and the collector is conservative), then collect. Some garbage of a
    # stage went only one call later without it (12 KB of dropped modules once).
    _harness_scrub(100)
    gc.collect()

def _harness_unlock():
    micropython.heap_lock()
    depth = micropython.heap_unlock()
    n = depth
    while n:
        n = micropython.heap_unlock()
    return depth

def _harness_traceback(exc):
    # print_exception without this harness's own frame
    buf = io.StringIO()
    sys.print_exception(exc, buf)
    for line in buf.getvalue().split("\\n"):
        if line and not line.startswith('  File "<run_wasm>"'):
            print(line, file=sys.stderr)

_harness_globals = {}


def _harness_run(src, filename, argv_json, stage):
    argv = json.loads(argv_json)
    while sys.argv:
        sys.argv.pop()
    for a in argv:
        sys.argv.append(a)
    g = _harness_globals
    if stage == 0:
        g.clear()
        g["__name__"] = "__main__"
        g["__file__"] = filename
    try:
        code = compile(src, filename, "exec")
    except BaseException as e:
        _harness_traceback(e)
        return 1
    exc = None
    try:
        exec(code, g)
    except BaseException as e:
        exc = e
    depth = _harness_unlock()
    status = 0
    if exc is None:
        pass
    elif isinstance(exc, SystemExit):
        value = exc.args[0] if exc.args else None
        if value is None:
            status = 0
        elif isinstance(value, int):
            status = value
        else:
            print(value, file=sys.stderr)
            status = 1
    else:
        _harness_traceback(exc)
        if depth and isinstance(exc, MemoryError):
            print("run_wasm: MemoryError raised with micropython.heap_lock() held (depth %d); "
                  "frames inside the locked region are missing from the traceback" % depth,
                  file=sys.stderr)
        status = 1
    if depth and status == 0:
        print("run_wasm: script ended with the heap still locked (depth %d)" % depth,
              file=sys.stderr)
        status = 2
    return status
`;

// Line-buffered byte sink for the runtime's stdout/stderr callbacks.
function makeSink(stream) {
  let buf = [];
  const flush = () => {
    if (buf.length) {
      stream.write(Buffer.from(buf));
      buf = [];
    }
  };
  const put = (bytes) => {
    for (const b of bytes) {
      buf.push(b);
      if (b === 10) flush();
    }
  };
  return { put, flush };
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  let src;
  try {
    src = fs.readFileSync(opts.script, "utf8");
  } catch (e) {
    die(`cannot read script ${opts.script}: ${e.message}`);
  }
  const { loadMicroPython } = await import("@micropython/micropython-webassembly-pyscript");
  // --each: one run a list of arguments (after the script's own), each in a MicroPython of
  // its own (a fresh heap) in this one process, which saves Node's start-up each time.
  const runs = opts.each ? opts.each.map((extra) => [...opts.args, ...extra]) : [opts.args];
  let status = 0;
  for (let i = 0; i < runs.length && status === 0; i++) {
    if (opts.each) process.stdout.write(`run_wasm: run ${i}\n`);
    status = await runOnce(loadMicroPython, opts, src, runs[i]);
  }
  process.exit(status);
}

// One run of the script with ``args`` in a new MicroPython; returns the exit status.
async function runOnce(loadMicroPython, opts, src, args) {
  const out = makeSink(process.stdout);
  const err = makeSink(process.stderr);
  const mp = await loadMicroPython({
    heapsize: opts.heap,
    pystack: opts.pystack,
    linebuffer: false,
    stdout: out.put,
    stderr: err.put,
    romfs: opts.romfs,
  });

  const roots = [];
  for (const { host, dest } of opts.mounts) {
    copyTree(mp.FS, host, dest);
    const isPkg = fsExists(mp.FS, dest + "/__init__.py") || fsExists(mp.FS, dest + "/__init__.mpy");
    const root = isPkg ? path.posix.dirname(dest) : dest;
    if (!roots.includes(root)) roots.push(root);
  }

  let status;
  try {
    mp.globals.set("_harness_src", HARNESS);
    mp.runPython('exec(compile(_harness_src, "<run_wasm>", "exec"))');
    mp.runPython(
      `for _p in ${JSON.stringify(roots)}:\n    if _p not in sys.path:\n        sys.path.append(_p)\n`,
    );
    if (opts.lift) {
      mp.runPython(`_harness_lift(${opts.lift})`);
    }
    const run = mp.globals.get("_harness_run");
    const settle = mp.globals.get("_harness_settle");
    // Stages (see STAGE_MARKER) run one after another in the same globals, each in a call of
    // its own from JS: only between calls does this port's gc.collect() free all garbage.
    const stages = src.split(STAGE_MARKER);
    status = 0;
    for (let stage = 0; stage < stages.length && status === 0; stage++) {
      if (stage > 0) {
        settle();
      }
      // the name the script knows itself by: its file's, without the host's folders
      const name = path.basename(opts.script);
      status = run(stages[stage], name, JSON.stringify([name, ...args]), stage);
    }
  } catch (e) {
    out.flush();
    err.flush();
    process.stderr.write(`run_wasm: runtime failure: ${e.stack || e}\n`);
    status = 2;
  }
  out.flush();
  err.flush();
  return typeof status === "number" ? status & 0xff : 2;
}

await main();

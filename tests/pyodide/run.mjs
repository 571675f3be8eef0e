// Run a Python script inside Pyodide (CPython compiled to WebAssembly) under Node, offline.
//
//   node tests/pyodide/run.mjs PYODIDE_DIR WHEEL SCRIPT [ARGS...]
//
// PYODIDE_DIR is the npm package `pyodide` (lite/node_modules/pyodide after
// `npm ci --prefix lite`); WHEEL, a pure-Python wheel unpacked into Pyodide's site-packages
// before the script runs (this project's wheel); SCRIPT runs as __main__ with sys.argv set
// to [SCRIPT, ...ARGS]. What the script prints goes to stdout; Pyodide's own messages and
// any Python traceback go to stderr, and a failing script exits 1.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [dir, wheel, script, ...args] = process.argv.slice(2);
if (!dir || !wheel || !script) {
  console.error("usage: node run.mjs PYODIDE_DIR WHEEL SCRIPT [ARGS...]");
  process.exit(2);
}
const indexURL = path.resolve(dir) + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL, stdout: (s) => process.stderr.write(s + "\n") });
py.setStdout({ batched: (s) => process.stdout.write(s + "\n") });
py.setStderr({ batched: (s) => process.stderr.write(s + "\n") });

// A Node Buffer is refused here ("Unknown typed array type 'Buffer'"): copy it to a Uint8Array.
const site = py.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
py.unpackArchive(new Uint8Array(fs.readFileSync(wheel)), "wheel", { extractDir: site });

py.globals.set("_script_argv", py.toPy([script, ...args]));
const source = fs.readFileSync(script, "utf8");
try {
  await py.runPythonAsync(
    "import sys\nsys.argv = list(_script_argv)\ndel _script_argv\n" +
      "import importlib\nimportlib.invalidate_caches()\n");
  await py.runPythonAsync(source, { globals: py.toPy({ __name__: "__main__", __file__: script }) });
} catch (error) {
  process.stderr.write(String(error.message || error) + "\n");
  process.exit(1);
}

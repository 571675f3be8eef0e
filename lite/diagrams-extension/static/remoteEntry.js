/* rulebook-diagrams: a JupyterLab extension (prebuilt, federated, written by hand: no build
 * step) that draws the lessons' Graphviz diagrams in the page.
 *
 * Where Python runs in the browser (Pyodide, JupyterLite) there is no `dot` program, so
 * rulebook.diagrams.Diagram sends HTML holding the DOT source in a hidden
 * <pre class="rb-diagram-dot">, in its usual frame (title, "open full size", a box that fits
 * the width).  This plugin watches the page (notebook outputs and widgets alike), and draws
 * each such source with Graphviz compiled to WebAssembly (@viz-js/viz, `viz.js` next to this
 * file, loaded from the site itself on the first diagram: no network), with the `dot` layout
 * engine, then puts the SVG where the source was, never narrower than the width at which its
 * smallest label is still `data-font-px` high (rulebook.diagrams.readable_width, the same
 * rule).  A source it cannot draw is shown as text with one sentence saying so.
 *
 * The container follows webpack's module federation protocol (get/init), which is how
 * JupyterLab loads the extensions named in jupyter-lite.json.
 */
var _JUPYTERLAB;
(function () {
  "use strict";
  var script = document.currentScript;
  var here = script && script.src ? new URL(".", script.src).href : null;
  var CSS_PX = { pt: 96 / 72, px: 1, "": 96 / 72, in: 96, cm: 96 / 2.54, mm: 9.6 / 2.54 };
  var drawn = new Map(); // DOT source -> {svg, floor} or {error}
  var viz = null;

  function readableWidth(svg, fontPx) {
    var head = svg.match(/<svg\b[^>]*>/);
    if (!head) return null;
    var width = head[0].match(/\bwidth="([0-9.]+)\s*([a-z]*)"/);
    var box = head[0].match(/\bviewBox="\s*[-0-9.]+[ ,]+[-0-9.]+[ ,]+([0-9.]+)/);
    var sizes = [];
    svg.replace(/font-size="([0-9.]+)/g, function (_m, size) {
      if (parseFloat(size) > 0) sizes.push(parseFloat(size));
      return "";
    });
    if (!width || !(width[2] in CSS_PX) || !sizes.length) return null;
    var widthPx = parseFloat(width[1]) * CSS_PX[width[2]];
    var units = box && parseFloat(box[1]) > 0 ? parseFloat(box[1]) : null;
    var perUnit = units ? widthPx / units : CSS_PX.pt;
    var scale = svg.match(/<g\b[^>]*transform="scale\(([0-9.]+)/);
    if (scale && parseFloat(scale[1]) > 0) perUnit *= parseFloat(scale[1]);
    var smallest = Math.min.apply(null, sizes) * perUnit;
    return Math.ceil(widthPx * Math.min(1, fontPx / smallest));
  }

  function graphviz() {
    if (!viz) {
      viz = import(here + "viz.js").then(function (module) { return module.instance(); });
      viz.catch(function () { viz = null; });
    }
    return viz;
  }

  function draw(instance, source, fontPx) {
    var result = instance.render(source, { format: "svg", engine: "dot" });
    if (result.status !== "success") {
      var errors = (result.errors || []).filter(function (e) { return e.level === "error"; });
      return { error: errors.map(function (e) { return e.message; }).join(" ") || "Graphviz refused it" };
    }
    var svg = result.output.slice(result.output.indexOf("<svg"));
    return { svg: svg, floor: readableWidth(svg, fontPx) };
  }

  function show(pre, picture, source) {
    var canvas = pre.parentElement;
    if (!canvas || !canvas.isConnected) return;
    if (picture.svg) {
      canvas.innerHTML = picture.svg;
      if (picture.floor) canvas.style.minWidth = picture.floor + "px";
      canvas.setAttribute("data-drawn", "wasm");
    } else {
      var note = document.createElement("p");
      note.className = "rb-note rb-diagram-failed";
      note.textContent = "This diagram could not be drawn here (" + picture.error + "); its DOT source:";
      var text = document.createElement("pre");
      text.textContent = source;
      canvas.replaceChildren(note, text);
    }
  }

  function drawAll() {
    var pending = document.querySelectorAll("pre.rb-diagram-dot:not([data-state])");
    pending.forEach(function (pre) {
      var source = pre.textContent || "";
      var fontPx = parseFloat(pre.getAttribute("data-font-px") || "10.5");
      pre.setAttribute("data-state", "drawing");
      if (drawn.has(source)) {
        show(pre, drawn.get(source), source);
        return;
      }
      graphviz().then(function (instance) {
        if (!drawn.has(source)) drawn.set(source, draw(instance, source, fontPx));
        show(pre, drawn.get(source), source);
      }, function (error) {
        show(pre, { error: "Graphviz did not load: " + error }, source);
      });
    });
  }

  var scheduled = false;
  function schedule() {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(function () { scheduled = false; drawAll(); });
  }

  var plugin = {
    id: "rulebook-diagrams:plugin",
    description: "Draws the lessons' Graphviz diagrams with Graphviz in WebAssembly.",
    autoStart: true,
    activate: function () {
      new MutationObserver(schedule).observe(document.body, { childList: true, subtree: true });
      schedule();
    }
  };
  var exports = { __esModule: true, default: [plugin] };

  _JUPYTERLAB = typeof _JUPYTERLAB === "undefined" ? {} : _JUPYTERLAB;
  _JUPYTERLAB["rulebook-diagrams"] = {
    get: function (module) {
      if (module === "./extension" || module === "./index") {
        return Promise.resolve(function () { return exports; });
      }
      return Promise.reject(new Error('Module "' + module + '" does not exist in container.'));
    },
    init: function () { return Promise.resolve(); }
  };
})();

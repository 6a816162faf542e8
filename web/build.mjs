// Builds the browser client into the Python package (src/seedbed/server/static/).
//   node build.mjs          write app.js and app.css
//   node build.mjs --check  build in memory and fail if the committed files differ
import * as esbuild from "esbuild";
import { readFileSync, writeFileSync, existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, "..", "src", "seedbed", "server", "static");
const check = process.argv.includes("--check");

const common = {
  bundle: true,
  minify: true,
  write: false,
  legalComments: "none",
  logLevel: "warning",
  target: ["es2022", "chrome100", "firefox100", "safari15"],
};

const results = await Promise.all([
  esbuild.build({ ...common, entryPoints: [join(here, "src", "main.ts")], format: "iife", outfile: join(out, "app.js") }),
  esbuild.build({ ...common, entryPoints: [join(here, "src", "app.css")], outfile: join(out, "app.css") }),
]);

let stale = [];
for (const result of results) {
  for (const file of result.outputFiles) {
    const name = file.path.slice(out.length + 1);
    if (check) {
      const committed = existsSync(file.path) ? readFileSync(file.path) : null;
      if (committed === null || Buffer.compare(committed, Buffer.from(file.contents)) !== 0) stale.push(name);
    } else {
      writeFileSync(file.path, file.contents);
      console.log(`wrote ${name} (${file.contents.length} bytes)`);
    }
  }
}
if (stale.length) {
  console.error(`stale: ${stale.join(", ")} differ from what web/src builds: run 'make static'`);
  process.exit(1);
}

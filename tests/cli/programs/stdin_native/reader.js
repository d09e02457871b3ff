// Reads one line of stdin and echoes it: --stdin FILE and typed input (`dapcli input`).
const lines = require("readline").createInterface({ input: process.stdin });
console.log("ready");
lines.once("line", (line) => {
  console.log(`read=<${line}>`);
  lines.close();
});

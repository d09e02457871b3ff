// Reads one line of stdin and echoes it: --stdin FILE and typed input (`dapcli input`).
const lines = require("readline").createInterface({ input: process.stdin });
console.log("ready", 1); // a number: coloured on a tty unless colours are off
lines.once("line", (line) => {
  console.log(`read=<${line}>`);
  lines.close();
});

// Exits by itself with code 143 (what a shell reports for SIGTERM): not a signal.
console.log("bye");
process.exitCode = 143;

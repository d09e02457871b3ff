// Killed by a signal: js-debug reports neither the code nor the signal.
console.log("before");
setTimeout(() => process.kill(process.pid, process.argv[2] || "SIGTERM"), 50);
setTimeout(() => {}, 10000);

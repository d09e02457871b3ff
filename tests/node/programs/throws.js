// An error thrown and caught: for exception filters at launch.
function check(value) {
  try {
    throw new Error("caught"); // @thrown
  } catch (e) {
    console.log("caught " + e.message);
  }
  return value * 2;
}
console.log("total " + check(21)); // @total

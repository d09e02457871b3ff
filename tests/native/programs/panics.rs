// A Rust panic stops at the user's frame with its message (issue 25).
fn check(v: i32) -> i32 {
    if v > 2 {
        panic!("value too big: {}", v); // @panic
    }
    v
}

fn main() {
    let mut total = 0;
    for i in 0..5 {
        total += check(i);
    }
    println!("{}", total);
}

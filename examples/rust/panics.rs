// A Rust panic stops at your frame with its message: `rustc -g -C opt-level=0 -o examples/rust/panics examples/rust/panics.rs`.
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

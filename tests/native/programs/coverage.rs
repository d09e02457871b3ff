// Every verb on a Rust binary (issue 25): `rustc -g -C opt-level=0 -o coverage coverage.rs`.
use std::env;
use std::{thread, time};

struct Point {
    x: i32,
    y: i32,
}

fn square(n: i64) -> i64 {
    let result = n * n; // @square
    result // @square_return
}

fn main() {
    let args: Vec<String> = env::args().collect();
    let label = args.get(1).cloned().unwrap_or_else(|| "none".to_string());
    if label == "spin" {
        loop {
            thread::sleep(time::Duration::from_millis(20)); // @spin
        }
    }
    let point = Point { x: 3, y: 4 };
    let mut total: i64 = 0;
    for i in 0..5i64 {
        total += square(i); // @loop
    }
    println!("{} {} {} {}", label, point.x, point.y, total); // @done
    std::process::exit((total % 100) as i32);
}

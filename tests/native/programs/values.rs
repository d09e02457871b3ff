// Rust values as Rust shows them (issue 25): built with `rustc -g -C opt-level=0`.
use std::collections::HashMap;

#[derive(Debug)]
#[allow(dead_code)]
enum Shape {
    Circle { r: f64 },
    Named(String),
}

fn main() {
    let name = String::from("ferris");
    let word: &str = "crab";
    let primes: Vec<i32> = vec![3, 5, 8];
    let some: Option<i32> = Some(7);
    let none: Option<i32> = None;
    let failed: Result<i32, String> = Err("bad".to_string());
    let mut ages = HashMap::new();
    ages.insert("ann", 41);
    let shapes = vec![Shape::Circle { r: 1.5 }, Shape::Named("sq".into())]; // an enum with data: never a wedge
    println!("{} {} {:?} {:?} {:?} {:?} {:?} {:?}", name, word, primes, some, none, failed, ages, shapes); // @show
}

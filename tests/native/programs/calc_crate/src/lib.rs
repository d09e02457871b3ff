// `dapcli test` in a cargo project (issue 25): one passing test, one failing assert_eq!.
pub fn add(a: i32, b: i32) -> i32 {
    a + b
}

pub fn total(prices: &[i32]) -> i32 {
    prices.iter().sum::<i32>() - 1 // the bug
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adds() {
        assert_eq!(add(2, 2), 4);
    }

    #[test]
    fn totals() {
        let prices = vec![3, 5, 8];
        let got = total(&prices);
        assert_eq!(got, 16); // @fail
    }
}

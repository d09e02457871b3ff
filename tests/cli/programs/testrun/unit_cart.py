import unittest


class CartTest(unittest.TestCase):
    def test_total(self):
        total = round(19.99 + 5.25 + 0.99 + 2.50 - 2.0, 2)
        self.assertEqual(total, 24.41)  # @equal

    def test_refused(self):
        with self.assertRaises(ValueError):
            float("ten")


if __name__ == "__main__":
    unittest.main()

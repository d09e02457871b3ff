require "minitest/autorun"
require "shop"

class BasketTest < Minitest::Test
  def setup
    @basket = Basket.new.add("tea", 3).add("jam", 5, 2)
  end

  def test_items
    assert_equal({ "tea" => 3, "jam" => 10 }, @basket.items)
  end

  def test_total_with_discount
    total = @basket.total(4)
    assert_equal 9, total # @assert
  end

  def test_total
    assert_equal 13, @basket.total
  end
end

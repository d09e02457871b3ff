# A tiny library for the Ruby test runs: a basket whose total has a bug (the discount).
class Basket
  attr_reader :items

  def initialize
    @items = {}
  end

  def add(name, price, count = 1)
    @items[name] = (@items[name] || 0) + price * count
    self
  end

  def total(discount = 0)
    sum = @items.values.sum
    sum - discount * 2 # the bug: the discount counted twice
  end
end

# A small Ruby program for dapcli's tests: values, a loop, methods, exceptions, stdin.
class Cart
  attr_reader :owner, :items

  def initialize(owner)
    @owner = owner
    @items = []
  end

  def add(name, price)
    @items << [name, price]
    self
  end

  def total
    @items.sum { |_, price| price } # @total
  end
end

def tally(values)
  sum = 0
  values.each do |v|
    sum += v # @loop
  end
  sum # @tallied
end

def risky(n)
  raise "boom #{n}" if n > 1 # @risky
  n
rescue RuntimeError
  -1
end

name = "ferris"
primes = [3, 5, 8]
ages = { "ann" => 41 }
cart = Cart.new(name).add("tea", 3).add("jam", 5)
total = tally(primes) # @show
puts "total #{total} #{cart.total}"
risky(ARGV.include?("rescue") ? 2 : 0)
line = $stdin.gets if ARGV.include?("stdin")
puts "read #{line.strip}" if line
raise ArgumentError, "too big: #{total}" if ARGV.include?("raise") # @uncaught
exit 3

require "shop"

RSpec.describe Basket do
  let(:basket) { Basket.new.add("tea", 3).add("jam", 5, 2) }

  it "sums its items" do
    expect(basket.total).to eq(13)
  end

  it "takes the discount off once" do
    total = basket.total(4)
    expect(total).to eq(9) # @expect
  end
end

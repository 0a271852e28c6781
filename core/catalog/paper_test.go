package catalog

import "testing"

func TestPaperReferences(t *testing.T) {
	for _, c := range []struct {
		p           Paper
		long, short string
	}{
		{paperKotlowski, "Kotłowski, Scale-invariant unconstrained online learning (ALT 2017)", "Kotłowski (ALT 2017)"},
		{paperOMD, "Orabona, Crammer, Cesa-Bianchi, A generalized online mirror descent with applications to classification and regression (Machine Learning 2015)",
			"Orabona et al. (Machine Learning 2015)"},
		{Paper{[]string{"Orabona", "Pál"}, "Coin betting and parameter-free online learning", "NeurIPS", 2016}, "Orabona, Pál, Coin betting and parameter-free online learning (NeurIPS 2016)",
			"Orabona and Pál (NeurIPS 2016)"},
		{paperMABS, "Salehi, Celis, Thiran, Stochastic optimization with bandit sampling (arXiv 1708.02544)", "Salehi et al. (arXiv 1708.02544)"},
	} {
		if got := c.p.String(); got != c.long {
			t.Errorf("String: %q, want %q", got, c.long)
		}
		if got := c.p.Short(); got != c.short {
			t.Errorf("Short: %q, want %q", got, c.short)
		}
	}
}

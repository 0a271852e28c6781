package catalog

import (
	"fmt"
	"strings"
)

// Paper is a reference: who wrote it, what, where and when. An entry's
// Algorithm says where in the paper the learner is (its algorithm,
// equation or section).
type Paper struct {
	Authors []string `json:"authors"` // family names, in the paper's order
	Title   string   `json:"title"`
	Venue   string   `json:"venue"` // "ALT", "ICML", "lecture notes", "arXiv 1708.02544"
	Year    int      `json:"year"`
}

// String returns "Kotłowski, Scale-invariant unconstrained online learning
// (ALT 2017)".
func (p Paper) String() string {
	return fmt.Sprintf("%s, %s (%s)", strings.Join(p.Authors, ", "), p.Title, p.where())
}

// Short returns "Kotłowski (ALT 2017)", or "Orabona et al. (Machine
// Learning 2015)" for three authors or more.
func (p Paper) Short() string {
	who := strings.Join(p.Authors, " and ")
	if len(p.Authors) > 2 {
		who = p.Authors[0] + " et al."
	}
	return fmt.Sprintf("%s (%s)", who, p.where())
}

// where is "ALT 2017", or the venue alone when it holds the year.
func (p Paper) where() string {
	if p.Year == 0 {
		return p.Venue
	}
	return fmt.Sprintf("%s %d", p.Venue, p.Year)
}

// The papers the catalogue cites.
var (
	paperKotlowski = Paper{[]string{"Kotłowski"}, "Scale-invariant unconstrained online learning", "ALT", 2017}
	paperOGD       = Paper{[]string{"Orabona"}, "Online Gradient Descent", "lecture notes", 2019}
	paperOMD       = Paper{[]string{"Orabona", "Crammer", "Cesa-Bianchi"}, "A generalized online mirror descent with applications to classification and regression", "Machine Learning", 2015}
	paperScinol    = Paper{[]string{"Kempka", "Kotłowski", "Warmuth"}, "Adaptive scale-invariant online algorithms for learning linear models", "ICML", 2019}
	paperNAG       = Paper{[]string{"Ross", "Mineiro", "Langford"}, "Normalized online learning", "UAI", 2013}
	paperAdaGrad   = Paper{[]string{"Duchi", "Hazan", "Singer"}, "Adaptive subgradient methods for online learning and stochastic optimization", "JMLR", 2011}
	paperSOBA      = Paper{[]string{"Beygelzimer", "Orabona", "Zhang"}, "Efficient online bandit multiclass learning with Õ(√T) regret", "ICML", 2017}
	paperBanditron = Paper{[]string{"Kakade", "Shalev-Shwartz", "Tewari"}, "Efficient bandit algorithms for online multiclass prediction", "ICML", 2008}
	paperMABS      = Paper{[]string{"Salehi", "Celis", "Thiran"}, "Stochastic optimization with bandit sampling", "arXiv 1708.02544", 0}
	paperKT        = Paper{[]string{"Orabona", "Pál"}, "Coin betting and parameter-free online learning", "NeurIPS", 2016}
	paperCOCOB     = Paper{[]string{"Orabona", "Tommasi"}, "Training deep networks without learning rates through coin betting", "NeurIPS", 2017}
	paperPiSTOL    = Paper{[]string{"Orabona"}, "Simultaneous model selection and optimization through parameter-free stochastic learning", "NIPS", 2014}
	paperFreeRex   = Paper{[]string{"Cutkosky", "Boahen"}, "Online learning without prior information", "COLT", 2017}
	paperSOLO      = Paper{[]string{"Orabona", "Pál"}, "Scale-free online learning", "Theoretical Computer Science", 2018}
)

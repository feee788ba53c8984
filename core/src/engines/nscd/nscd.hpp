// Non-Smooth Contact Dynamics (Moreau–Jean) for frictional discs: the avalanche engine of issue 5.
//
// Algorithm (Jean 1999; Moreau 1988; Radjai & Richefeu 2009). One time step of size h:
//   1. contacts: every pair of discs (or disc and wall segment) whose gap d is below the alert
//      distance, found on a cell grid and rebuilt each step; per contact the local frame (n, t)
//      and the Delassus operator W = H M^-1 H^T, diagonal for discs: W_nn = sum 1/m,
//      W_tt = sum (1/m + R^2/I) over the mobile bodies of the contact;
//   2. free velocities: v_free = v + h M^-1 F_ext (gravity);
//   3. impulses p = (p_n, p_t) per contact, by non-linear Gauss–Seidel (each contact sees its
//      neighbours' latest impulses) or Jacobi (all contacts from the same iterate, then a relaxed
//      update), until the largest velocity correction times h is below tol * the mobile grains' mean radius (or
//      maxIterations). The local problem, with U the contact's velocity without its own impulse:
//        p_n = max(0, -(U_n + max(0, d) / h) / W_nn)          (the gap may close, not overlap)
//        p_t = -U_t / W_tt if |U_t / W_tt| <= mu p_n, else -mu p_n sign(U_t)   (Coulomb);
//      with a restitution coefficient e > 0 (Newton's impact law in the form of Moreau 1988 and
//      Jean 1999), an impact — a contact whose start-of-step normal velocity U_n- closes it within
//      the step (d + h U_n- <= 0) faster than one step of gravity, U_n- < -|g| h — obeys
//        U_n+ >= max(-e U_n- + dU_g, -max(0, d) / h),  p_n = max(0, -(U_n + bias) / W_nn),
//      where dU_g = h (g_other - g_i).n is what gravity alone changes of U_n in the step (0 between
//      two grains): it leaves at e times its approach speed, less one step of gravity, never
//      slower than the gap condition. Slower approaches are resting contacts and keep the gap
//      condition (a bounce below |g| h cannot be told from resting at this step; letting it
//      bounce would pump energy into a pile). Contacts active in the same step are solved
//      together: impacts that fall in one step are one simultaneous impact. e = 0 (the default)
//      is the scheme above bit for bit: perfectly inelastic in the normal direction.
//      Energy: a binary impact gives up (1 - e^2)/2 m_eff U_n-^2; without gravity no step raises
//      the energy. Under gravity (theta = 1) an impact carried through a resting stack to a wall
//      within one step can raise it by O(|g| h p_n) in that step (about 1e-6 of it in a 30-grain
//      pile at h = 1 ms and e >= 0.8); over a few steps dissipation wins (tests/cpp/nscd_restitution_test.cpp);
//      with rolling resistance (System::rollingFriction mu_r > 0) a third component per contact, the
//      torque impulse p_r (N m s) that acts +p_r on the other body and -p_r on i, against the
//      relative rotation U_r = w_other - w_i (rad/s, the wall's is 0), with W_rr = sum 1/I:
//        p_r = -U_r / W_rr if |U_r / W_rr| <= mu_r R_eff p_n, else -mu_r R_eff p_n sign(U_r),
//      R_eff = R_i R_j / (R_i + R_j) between discs (fixed or mobile), R_i against a wall segment: a disc on
//      a flat rests on a slope of angle theta while tan theta <= mu_r, and rolling on a flat it
//      decelerates at mu_r g / (1 + I / (m R^2)). Gauss–Seidel solves it after (p_n, p_t) with the
//      velocities those updated; Jacobi from the same iterate as the other two. mu_r = 0 (default)
//      skips it entirely: the solver is then the one without rolling resistance, bit for bit;
//   4. velocities v = v_free + M^-1 H^T p, then positions and angles x += h v (theta = 1 scheme).
// Warm start: optional, impulses of contacts that persist between steps start from their last value.
// Each step reports its iterations and final residual.
#pragma once

#include <Eigen/Core>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace granular::nscd {

struct Segment {
  double ax = 0, ay = 0, bx = 0, by = 0;  // m
};

/// A disc to add: centre (m), radius (m), mass (kg; ignored when fixed), fixed or mobile.
struct DiscSpec {
  double x = 0, y = 0, r = 0, mass = 0;
  bool fixed = false;
};

struct System {
  // grains: mobile discs, then fixed discs (invMass = 0: a rough floor is a row of fixed discs)
  Eigen::VectorXd radius;       // m (n)
  Eigen::VectorXd invMass;      // 1/kg, 0 for fixed discs (n)
  Eigen::VectorXd invInertia;   // 1/(kg m^2), 0 for fixed discs (n)
  Eigen::Matrix2Xd pos;         // m (2 x n)
  Eigen::Matrix2Xd vel;         // m/s (2 x n)
  Eigen::VectorXd angle;        // rad (n)
  Eigen::VectorXd spin;         // rad/s (n)
  std::vector<Segment> walls;
  double gx = 0, gy = -9.81;    // m/s^2
  double mu = 0.5;              // friction, grain-grain and grain-boundary
  double rollingFriction = 0;   // mu_r, dimensionless: rolling torque <= mu_r R_eff p_n (0: free rolling)
  double h = 1e-3;              // s
  double alert = 0;             // alert distance (m); 0: 0.1 of the smallest radius
  double tolerance = 1e-6;      // geometric tolerance, fraction of the mobile grains' mean radius (fixed discs do not count)
  int maxIterations = 1000;
  bool gaussSeidel = true;      // false: Jacobi
  double jacobiRelaxation = 0.5;
  bool warmStart = true;
  double restitution = 0;       // Newton's e in [0, 1] for impacts (see above); 0: the gap condition only

  /// A mobile uniform disc (I = m R^2 / 2) or a fixed one.
  void addDisc(double x, double y, double r, double mass, bool fixed = false);
  /// Many at once, in order, with one resize of each array: addDisc copies every array each time, so
  /// a floor built disc by disc is quadratic (25,000 floor discs took a minute, 200,000 would take hours).
  void addDiscs(const std::vector<DiscSpec>& discs);
  void addDiscs(const DiscSpec* discs, std::size_t count);
  int count() const { return static_cast<int>(radius.size()); }
  /// A copy with every parameter and wall, whose bodies are this one's `from[0]`, `from[1]`, ... in
  /// that order, each state copied bit for bit (a list of fields here would miss one added later).
  System withBodies(const std::vector<int>& from) const;
};

struct Contact {
  int i = 0, j = 0;             // grains; j = -(k+1) for wall k
  double nx = 0, ny = 0;        // unit normal from i towards the other body
  double gap = 0;               // m, at the start of the step (< 0: overlap)
  double li = 0, lj = 0;        // lever arms (m)
  double wnn = 0, wtt = 0;      // Delassus diagonal
  double pn = 0, pt = 0;        // impulses (N s)
  double un = 0;                // start-of-step normal velocity U_n- (m/s, < 0 closing; only with restitution > 0)
  double reff = 0;              // rolling radius R_eff (m): R_i R_j / (R_i + R_j), R_i on a wall
  double wrr = 0;               // rolling Delassus term, sum of 1/I (1/(kg m^2))
  double pr = 0;                // rolling torque impulse (N m s), on the other body (-pr on i)
};

struct StepReport {
  int contacts = 0;
  int iterations = 0;
  double residual = 0;          // last largest velocity correction * h / mean radius
  bool converged = false;
};

// Two doubles in one 128-bit register, and a lane mask (all ones where a comparison holds). GCC and
// Clang lower them to SSE2 natively and to SIMD128 in WebAssembly (built with -msimd128); the
// WebAssembly build without SIMD gets them lane by lane.
using F64x2 = double __attribute__((vector_size(16)));
using Mask2 = long long __attribute__((vector_size(16)));

class Engine {
 public:
  explicit Engine(System& s);
  /// An engine for `s`, a copy of `from`'s system (the same bodies in the same order), that goes on
  /// where `from` is: the same time, tolerance length and last contacts with their impulses (the
  /// warm start). Stepping it and `from` gives the same states bit for bit; the benchmark times each
  /// solver from one settled pile this way. Throws std::invalid_argument if the body counts differ.
  Engine(System& s, const Engine& from);
  StepReport step();
  const std::vector<Contact>& contacts() const { return contacts_; }
  double time() const { return time_; }
  /// Solve the impulses for the current contact set and velocities without moving anything
  /// (used to compare solvers on the same contact set).
  StepReport solveOnly();

 private:
  // The solver works on packed copies built once per step: per body its velocity with its inverse
  // mass and inertia next to it (one extra body at index count(), immobile, stands for every wall,
  // so the sweep has no branch for walls or fixed discs; another, count() + 1, fills the empty lane
  // of a Gauss-Seidel pair, see pairUp), per contact the body indices, normal,
  // lever arms, bias, Delassus terms and their inverses, and the impulses. contacts_ keeps the
  // public form (sorted by (i, j)) and receives the impulses back.
  struct alignas(64) Body {
    double vx, vy, w, invMass;
    double invInertiaR;   // invInertia * radius
    double radius;        // the lever arm of its contacts (0 for the wall body)
  };
  struct Packed {
    int i, j;             // bodies; walls: j = count()
    double nx, ny;
    double bias;          // max(0, gap) / h
    double wnn, wtt, invWnn, invWtt;
    double pn, pt;
  };

  // Rolling resistance's per-contact data, parallel to packed_, and the bodies' inverse inertias,
  // parallel to bodies_: filled only when System::rollingFriction > 0, so the solver without it
  // touches exactly the data it did before.
  struct Rolling {
    double limit;         // mu_r R_eff: p_r is bounded by limit * p_n
    double wrr, invWrr, reff;
    double pr;
  };

  void detect();
  /// v_free = v + h g for the mobile grains.
  void freeVelocities();
  /// bodies_ and packed_ from the system and contacts_.
  void load();
  /// velocities and impulses back into the system and contacts_.
  void store();
  StepReport solve();
  template <bool kRolling>
  StepReport solveWith();
  static void applyTo(const Packed& c, Body& a, Body& o, double dpn, double dpt);
  struct NewImpulse;
  /// Jacobi's local solutions for contacts [0, m) rounded down to an even count, two at a time in
  /// 2-lane vectors (SSE2 natively, SIMD128 in WebAssembly); returns how many it solved.
  static std::size_t jacobiLocalPairs(const Packed* cs, const Body* body, NewImpulse* q, std::size_t m, double mu);
  /// Gauss-Seidel and Jacobi without rolling resistance: pairs_ from packed_ (consecutive contacts that share no
  /// body side by side, two lanes), one sweep over them (returns the largest |dp_n| W_nn + |dp_t| W_tt),
  /// and the impulses back into packed_.
  struct PairGroup;
  void pairUp();
  static double gaussSeidelSweep(PairGroup* gs, Body* body, std::size_t groups, double mu);
  /// Jacobi without rolling resistance on the same groups: the local solutions of every group from
  /// the same iterate into q, then the changes times `relaxation` applied (returns as above).
  struct NewPair;
  static double jacobiSweep(PairGroup* gs, NewPair* q, Body* body, std::size_t groups, double mu, double relaxation);
  void unpair();

  System& s_;
  std::vector<Contact> contacts_, previous_;
  std::vector<Body> bodies_;
  std::vector<Packed> packed_;
  std::vector<int> order_;                          // packed_[k] is contacts_[order_[k]]
  std::vector<Rolling> rolling_;                    // rolling_[k] belongs to packed_[k]
  std::vector<double> bodyInvInertia_;              // 1/I per body of bodies_ (0 for the wall body)
  std::vector<double> newPr_;                       // Jacobi's iterate of p_r
  static constexpr std::size_t kLanes = 8, kSpan = 8;  // sweep order, see load()
  struct NewImpulse {
    double pn, pt;
  };
  std::vector<NewImpulse> newP_;                    // Jacobi's iterate, p_n and p_t side by side
  struct alignas(16) PairGroup {
    int i[2], j[2];                                 // each lane's bodies
    F64x2 nx, ny, bias, wnn, wtt, invWnn, invWtt, pn, pt;
  };
  std::vector<PairGroup> pairs_;                    // the sweep's contacts, two per group
  struct alignas(16) NewPair {
    F64x2 pn, pt;
  };
  std::vector<NewPair> newPairs_;                   // Jacobi's iterate, per group of pairs_
  std::vector<int> cellStart_, cellItems_, near_;  // the candidate search's cell list, reused
  /// Contact candidates (a Verlet list): every pair closer than reach + skin when they were found,
  /// found again once a mobile body has moved 0.45 skin since (or the body count or
  /// the reach has changed). candOwners_[o] pairs with candItems_[candStart_[o] .. candStart_[o + 1]),
  /// increasing; every mobile body owns a row. The contacts are exactly those a grid search every
  /// step finds.
  bool candidatesStale(double reach) const;
  void findCandidates(double reach);
  static constexpr double kSkin = 0.5;              // the skin, in smallest radii
  std::vector<int> candOwners_, candStart_, candItems_;
  std::vector<double> candidatesAt_;                // the mobile bodies' positions when found (x, y)
  int candidatesFor_ = -1;                          // s_.count() when found
  double candidatesReach_ = 0, candidatesSkin_ = 0;
  /// The caches below, for the system's bodies as they are (the constructor; detect() again if the
  /// body count has changed). Radii, masses and the fixed discs' places are taken as given: fixed
  /// discs never move, so each step visits the mobile bodies and only the fixed discs near them.
  void index();
  int indexed_ = -1;                                // s_.count() the caches were built for
  std::vector<int> mobile_;                         // the mobile bodies, in increasing order
  std::vector<int> fixedByX_;                       // the fixed discs by increasing x (then index)
  std::vector<int> binned_, reachFixed_;            // the bodies on the grid at the last search (increasing)
  double rmin_ = 0, rmax_ = 0;                      // the smallest and largest radius of every body
  double time_ = 0;
  double meanRadius_ = 1;
};

/// The front of the main mass: the largest x + radius over the grains of the largest connected
/// component of grain-grain contacts (wall contacts and fixed discs ignored), and that grain.
struct RunoutFront {
  double position;  // m; NaN when there is no grain
  int grain;        // index of the grain that sets it; -1 when there is no grain
};
RunoutFront runoutFront(const std::vector<Contact>& contacts, const System& s, int mobileCount);

/// The deepest overlap among `contacts` (their gaps at the start of their step), as a fraction of the
/// smaller radius of the two bodies (a wall's: the grain's); 0 when none overlaps. Rigid grains keep it
/// near the solver's tolerance; a time step too long for the speeds lets them sink into each other.
double deepestOverlap(const std::vector<Contact>& contacts, const System& s);

/// Runout from the contact graph: runoutFront(...).position.
double runout(const std::vector<Contact>& contacts, const System& s, int mobileCount);

}  // namespace granular::nscd

// sqleq-cli: the headless front door (placeholder until the subcommands land).
#include <cstdio>
int main() { std::puts("sqleq-cli"); return 0; }

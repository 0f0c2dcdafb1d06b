/* The floor authflow's `run` is compared with: a parse-only pass over the same files with libyaml's C
 * API (the parser Yams wraps). It reads every *.yaml file below the directories given, pulls every
 * event to the end of the stream, and prints the number of files and events. Nothing is built from the
 * events, so this is a lower bound on what any loader of these files can cost.
 *   cc -O2 -o libyaml_floor libyaml_floor.c -lyaml && ./libyaml_floor DIR...
 */
#define _XOPEN_SOURCE 700
#include <ftw.h>
#include <stdio.h>
#include <string.h>
#include <yaml.h>

static long files = 0;
static long events = 0;
static int failed = 0;

static int parse_file(const char *path, const struct stat *info, int type, struct FTW *ftw) {
  (void)info;
  (void)ftw;
  size_t length = strlen(path);
  if (type != FTW_F || length < 5 || strcmp(path + length - 5, ".yaml") != 0) return 0;
  FILE *file = fopen(path, "rb");
  if (!file) {
    perror(path);
    failed = 1;
    return 0;
  }
  yaml_parser_t parser;
  yaml_event_t event;
  yaml_parser_initialize(&parser);
  yaml_parser_set_input_file(&parser, file);
  for (;;) {
    if (!yaml_parser_parse(&parser, &event)) {
      fprintf(stderr, "%s: %s\n", path, parser.problem ? parser.problem : "parse error");
      failed = 1;
      break;
    }
    events++;
    int done = event.type == YAML_STREAM_END_EVENT;
    yaml_event_delete(&event);
    if (done) break;
  }
  yaml_parser_delete(&parser);
  fclose(file);
  files++;
  return 0;
}

int main(int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    if (nftw(argv[i], parse_file, 32, FTW_PHYS) != 0) {
      perror(argv[i]);
      return 2;
    }
  }
  printf("%ld files, %ld events\n", files, events);
  return failed ? 1 : 0;
}

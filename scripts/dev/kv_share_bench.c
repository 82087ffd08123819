// Measures what Docs/Evolution/0002-session-engine.md decides with: sharing a cached prompt prefix
// between sequences of one llama.cpp context, with a split KV cache (one stream per sequence,
// `kv_unified = false`) or a unified one.
//
//   cc -O2 scripts/dev/kv_share_bench.c $(pkg-config --cflags --libs llama) -o /tmp/kv_share_bench
//   /tmp/kv_share_bench MODEL.gguf THREADS SEQUENCES TOKENS_PER_SEQUENCE FILL PREFIX UNIFIED(0|1)
//
// It prints, for the chosen layout:
//   decode_solo_ms     one sequence decoding one token per step, the others empty
//   decode_loaded_ms   the same while every other sequence holds FILL cached tokens
//   decode_batch_ms    one step decoding one token for every sequence (each holding FILL tokens)
//   share_ms           sharing a PREFIX-token prefix into an empty sequence: llama_memory_seq_cp
//                      (+ seq_rm of the rest), timed up to the end of the next one-token decode,
//                      minus a one-token decode
//   prefill_ms         computing the same PREFIX tokens instead
//   max_logit_diff     how far the logits after sharing are from those after computing (0 = same)
#include <llama.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int cmp(const void * a, const void * b) {
    double x = *(const double *) a, y = *(const double *) b;
    return x < y ? -1 : x > y;
}

static double median(double * v, int n) {
    qsort(v, n, sizeof(double), cmp);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static void quiet(enum ggml_log_level level, const char * text, void * user) {
    (void) level; (void) text; (void) user;
}

static llama_token token_at(int i, int seq) { return 100 + (i * 7 + seq * 13) % 5000; }

// Feeds tokens [from, to) of a sequence's synthetic text, in chunks; logits for the last one.
static void feed(struct llama_context * ctx, struct llama_batch * b, int seq, int from, int to, int stride_seq) {
    for (int start = from; start < to; start += 512) {
        int end = start + 512 < to ? start + 512 : to;
        b->n_tokens = 0;
        for (int i = start; i < end; i++) {
            int k = b->n_tokens++;
            b->token[k] = token_at(i, stride_seq);
            b->pos[k] = i;
            b->n_seq_id[k] = 1;
            b->seq_id[k][0] = seq;
            b->logits[k] = i == to - 1;
        }
        if (llama_decode(ctx, *b) != 0) { fprintf(stderr, "decode failed\n"); exit(1); }
    }
}

static double step(struct llama_context * ctx, struct llama_batch * b, int seq, int pos, int text) {
    b->n_tokens = 1;
    b->token[0] = token_at(pos, text);
    b->pos[0] = pos;
    b->n_seq_id[0] = 1;
    b->seq_id[0][0] = seq;
    b->logits[0] = 1;
    double t0 = now_ms();
    if (llama_decode(ctx, *b) != 0) { fprintf(stderr, "decode failed\n"); exit(1); }
    llama_synchronize(ctx);
    return now_ms() - t0;
}

int main(int argc, char ** argv) {
    if (argc != 8) {
        fprintf(stderr, "usage: %s MODEL THREADS SEQUENCES TOKENS_PER_SEQUENCE FILL PREFIX UNIFIED\n", argv[0]);
        return 64;
    }
    const char * path = argv[1];
    int threads = atoi(argv[2]), n_seq = atoi(argv[3]), per_seq = atoi(argv[4]);
    int fill = atoi(argv[5]), prefix = atoi(argv[6]), unified = atoi(argv[7]);
    const int repeats = 5, steps = 16;

    llama_log_set(quiet, NULL);
    llama_backend_init();
    struct llama_model_params mp = llama_model_default_params();
    struct llama_model * model = llama_model_load_from_file(path, mp);
    if (!model) { fprintf(stderr, "cannot load %s\n", path); return 1; }
    struct llama_context_params cp = llama_context_default_params();
    cp.n_ctx = n_seq * per_seq;
    cp.n_batch = 2048;
    cp.n_ubatch = 512;
    cp.n_seq_max = n_seq;
    cp.n_threads = threads;
    cp.n_threads_batch = threads;
    cp.kv_unified = unified;
    cp.no_perf = 1;
    struct llama_context * ctx = llama_init_from_model(model, cp);
    if (!ctx) { fprintf(stderr, "cannot create context\n"); return 1; }
    llama_memory_t mem = llama_get_memory(ctx);
    struct llama_batch b = llama_batch_init(2048, 0, 1);
    int n_vocab = llama_vocab_n_tokens(llama_model_get_vocab(model));

    // Sequence 0 holds 64 tokens and decodes; the others are empty.
    feed(ctx, &b, 0, 0, 64, 0);
    double v[64];
    int pos = 64;
    for (int i = 0; i < steps; i++) v[i] = step(ctx, &b, 0, pos++, 0);
    double solo = median(v, steps);

    // Every other sequence holds `fill` tokens of its own text.
    for (int s = 1; s < n_seq; s++) feed(ctx, &b, s, 0, fill, s);
    for (int i = 0; i < steps; i++) v[i] = step(ctx, &b, 0, pos++, 0);
    double loaded = median(v, steps);

    // One token for every sequence in one batch.
    for (int i = 0; i < steps; i++) {
        b.n_tokens = 0;
        for (int s = 0; s < n_seq; s++) {
            int k = b.n_tokens++;
            int p = s == 0 ? pos : fill + i;
            b.token[k] = token_at(p, s);
            b.pos[k] = p;
            b.n_seq_id[k] = 1;
            b.seq_id[k][0] = s;
            b.logits[k] = 1;
        }
        pos++;
        double t0 = now_ms();
        if (llama_decode(ctx, b) != 0) { fprintf(stderr, "decode failed\n"); return 1; }
        llama_synchronize(ctx);
        v[i] = now_ms() - t0;
    }
    double batch = median(v, steps);
    for (int s = 1; s < n_seq; s++) llama_memory_seq_rm(mem, s, fill, -1);

    // Sharing a prefix of sequence 1's text into sequence 0, against computing it.
    double share[16], prefill[16], diff = 0;
    float * computed = malloc(sizeof(float) * n_vocab);
    for (int r = 0; r < repeats; r++) {
        llama_memory_seq_rm(mem, 0, -1, -1);
        double t0 = now_ms();
        feed(ctx, &b, 0, 0, prefix, 1);
        llama_synchronize(ctx);
        prefill[r] = now_ms() - t0;
        double plain = step(ctx, &b, 0, prefix, 1);
        memcpy(computed, llama_get_logits_ith(ctx, 0), sizeof(float) * n_vocab);

        llama_memory_seq_rm(mem, 0, -1, -1);
        t0 = now_ms();
        if (unified) {
            llama_memory_seq_cp(mem, 1, 0, 0, prefix);
        } else {
            llama_memory_seq_cp(mem, 1, 0, -1, -1);     // split streams copy whole buffers only
            llama_memory_seq_rm(mem, 0, prefix, -1);
        }
        step(ctx, &b, 0, prefix, 1);
        share[r] = now_ms() - t0 - plain;
        const float * shared = llama_get_logits_ith(ctx, 0);
        for (int i = 0; i < n_vocab; i++) {
            double d = fabs((double) shared[i] - computed[i]);
            if (d > diff) diff = d;
        }
    }
    printf("{\"unified\": %d, \"threads\": %d, \"sequences\": %d, \"tokens_per_sequence\": %d, \"fill\": %d, \"prefix\": %d, "
           "\"decode_solo_ms\": %.2f, \"decode_loaded_ms\": %.2f, \"decode_batch_ms\": %.2f, "
           "\"share_ms\": %.2f, \"prefill_ms\": %.2f, \"max_logit_diff\": %g}\n",
           unified, threads, n_seq, per_seq, fill, prefix, solo, loaded, batch,
           median(share, repeats), median(prefill, repeats), diff);
    free(computed);
    llama_batch_free(b);
    llama_free(ctx);
    llama_model_free(model);
    return 0;
}

#!/usr/bin/env python3
"""Converts a sentence-transformers BERT embedding model (all-MiniLM-L6-v2) to a GGUF file that
llama.cpp runs as an embedding model (architecture `bert`, mean pooling, WordPiece vocabulary).

    python3 scripts/embedding-model-to-gguf.py MODEL_DIR OUT.gguf --gguf-py PATH

MODEL_DIR holds the Hugging Face files (`config.json`, `model.safetensors`, `tokenizer.json`,
`1_Pooling/config.json`); PATH is the `gguf-py` folder of the llama.cpp source that set-up
built, so the file is written by the same version that reads it. Needs numpy (and PyYAML for
gguf-py) only: the safetensors file is read directly (llama.cpp's own converter imports torch and
transformers).
Matrices are stored as F16, vectors (biases, norms) as F32, as llama.cpp's converter does.
"""
import argparse
import json
import struct
import sys
from pathlib import Path

import numpy as np

DTYPES = {"F32": np.float32, "F16": np.float16, "BF16": None, "I64": np.int64}


def read_safetensors(path):
    """The tensors of a safetensors file, by name, as numpy arrays (F32 for floats)."""
    data = path.read_bytes()
    (header_length,) = struct.unpack("<Q", data[:8])
    header = json.loads(data[8:8 + header_length])
    start = 8 + header_length
    tensors = {}
    for name, info in header.items():
        if name == "__metadata__":
            continue
        begin, end = info["data_offsets"]
        raw = data[start + begin:start + end]
        if info["dtype"] == "BF16":
            words = np.frombuffer(raw, dtype=np.uint16).astype(np.uint32) << 16
            array = words.view(np.float32)
        elif info["dtype"] in DTYPES:
            array = np.frombuffer(raw, dtype=DTYPES[info["dtype"]])
        else:
            sys.exit(f"unsupported tensor type {info['dtype']} for {name}")
        tensors[name] = array.reshape(info["shape"])
    return tensors


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("model_dir", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--gguf-py", required=True, type=Path, help="llama.cpp's gguf-py folder")
    parser.add_argument("--name", default="all-MiniLM-L6-v2")
    args = parser.parse_args()
    sys.path.insert(0, str(args.gguf_py))
    import gguf  # noqa: E402 (the path is only known now)

    config = json.loads((args.model_dir / "config.json").read_text())
    if config.get("model_type") != "bert" or config.get("position_embedding_type", "absolute") != "absolute":
        sys.exit("only BERT models with absolute positions are supported")
    pooling = json.loads((args.model_dir / "1_Pooling" / "config.json").read_text())
    if not pooling.get("pooling_mode_mean_tokens"):
        sys.exit("only mean pooling is supported")
    tokenizer = json.loads((args.model_dir / "tokenizer.json").read_text())
    model = tokenizer["model"]
    if model["type"] != "WordPiece" or model.get("continuing_subword_prefix", "##") != "##":
        sys.exit("only WordPiece tokenizers are supported")
    if not (tokenizer.get("normalizer") or {}).get("lowercase", False):
        sys.exit("only lower-casing (uncased) tokenizers are supported: llama.cpp's WordPiece lower-cases")

    vocab = sorted(model["vocab"].items(), key=lambda item: item[1])
    if [index for _, index in vocab] != list(range(len(vocab))):
        sys.exit("the vocabulary's ids are not 0..n-1")
    special = {token["content"]: token["id"] for token in tokenizer.get("added_tokens", []) if token.get("special")}
    tokens, types = [], []
    for text, index in vocab:
        if text in special:
            tokens.append(text)
            types.append(gguf.TokenType.UNKNOWN if text == "[UNK]" else gguf.TokenType.CONTROL)
        else:
            # llama.cpp's WordPiece vocabulary marks a word's start with U+2581 instead of
            # marking a continuation with "##".
            tokens.append(text[2:] if text.startswith("##") else "\u2581" + text)
            types.append(gguf.TokenType.NORMAL)

    blocks = config["num_hidden_layers"]
    writer = gguf.GGUFWriter(str(args.out), "bert")
    writer.add_name(args.name)
    writer.add_context_length(config["max_position_embeddings"])
    writer.add_embedding_length(config["hidden_size"])
    writer.add_feed_forward_length(config["intermediate_size"])
    writer.add_block_count(blocks)
    writer.add_head_count(config["num_attention_heads"])
    writer.add_layer_norm_eps(config["layer_norm_eps"])
    writer.add_causal_attention(False)
    writer.add_pooling_type(gguf.PoolingType.MEAN)
    writer.add_file_type(gguf.LlamaFileType.MOSTLY_F16)
    writer.add_tokenizer_model("bert")
    writer.add_token_list(tokens)
    writer.add_token_types(types)
    writer.add_token_type_count(config.get("type_vocab_size", 2))
    # llama.cpp starts each text with the BOS token and ends it with SEP: [CLS] ... [SEP].
    for key, adder in [("[CLS]", writer.add_bos_token_id), ("[UNK]", writer.add_unk_token_id), ("[SEP]", writer.add_sep_token_id),
                       ("[PAD]", writer.add_pad_token_id), ("[MASK]", writer.add_mask_token_id)]:
        if key in special:
            adder(special[key])

    names = gguf.get_tensor_name_map(gguf.MODEL_ARCH.BERT, blocks)
    skipped = ("embeddings.position_ids", "pooler.dense.weight", "pooler.dense.bias")
    for name, array in read_safetensors(args.model_dir / "model.safetensors").items():
        if name.startswith("bert."):
            name = name[5:]
        if name in skipped or name.startswith("cls."):
            continue
        mapped = names.get_name(name, try_suffixes=(".weight", ".bias"))
        if mapped is None:
            sys.exit(f"no GGUF name for tensor {name}")
        array = np.ascontiguousarray(array.astype(np.float16 if array.ndim == 2 and not mapped.startswith("token_types") else np.float32))
        writer.add_tensor(mapped, array)

    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    print(f"{args.out}: {len(tokens)} tokens, {blocks} blocks")


if __name__ == "__main__":
    main()

package import Foundation

/// Writes LoRA adapters in llama.cpp's GGUF format for tests: real files that llama.cpp loads,
/// with seeded random (or zero) weights, so that tests need no downloaded adapter.
package struct LoRAAdapterFile {
    /// One adapted weight: the model tensor's name and its input and output sizes.
    package struct Target {
        package var tensor: String
        package var inputs: Int
        package var outputs: Int

        package init(tensor: String, inputs: Int, outputs: Int) {
            self.tensor = tensor
            self.inputs = inputs
            self.outputs = outputs
        }
    }

    package var architecture: String
    package var targets: [Target]
    package var rank = 4
    /// The spread of the random weights; 0 writes a B matrix of zeros (an adapter that changes nothing).
    package var magnitude: Float = 0.05
    package var seed: UInt64 = 1
    package var type = "lora"

    package init(architecture: String, targets: [Target]) {
        self.architecture = architecture
        self.targets = targets
    }

    /// SmolLM2-135M's query and value projections in the first `layers` blocks.
    package static func smolLM2(layers: Int = 30) -> LoRAAdapterFile {
        let targets = (0..<layers).flatMap { layer in
            [
                Target(tensor: "blk.\(layer).attn_q.weight", inputs: 576, outputs: 576),
                Target(tensor: "blk.\(layer).attn_v.weight", inputs: 576, outputs: 192)
            ]
        }
        return LoRAAdapterFile(architecture: "llama", targets: targets)
    }

    /// The file's bytes: GGUF version 3, F32 tensors `<name>.lora_a` (inputs x rank) and
    /// `<name>.lora_b` (rank x outputs), alpha equal to the rank (scale 1).
    package func data() -> Data {
        var header = Data()
        func integer<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { header.append(contentsOf: $0) } }
        func string(_ text: String) { integer(UInt64(text.utf8.count)); header.append(contentsOf: Array(text.utf8)) }
        let tensors = targets.flatMap { target in
            [
                (name: target.tensor + ".lora_a", shape: [target.inputs, rank], zero: false),
                (name: target.tensor + ".lora_b", shape: [rank, target.outputs], zero: magnitude == 0)
            ]
        }
        header.append(contentsOf: Array("GGUF".utf8))
        integer(UInt32(3))
        integer(UInt64(tensors.count))
        let metadata: [(String, String)] = [
            ("general.architecture", architecture), ("general.type", "adapter"), ("adapter.type", type),
            ("general.name", "test adapter")
        ]
        integer(UInt64(metadata.count + 1))
        for (key, value) in metadata {
            string(key)
            integer(UInt32(8))
            string(value)
        }
        string("adapter.lora.alpha")
        integer(UInt32(6))
        integer(Float(rank).bitPattern)
        var offset: UInt64 = 0
        for tensor in tensors {
            string(tensor.name)
            integer(UInt32(tensor.shape.count))
            for size in tensor.shape { integer(UInt64(size)) }
            integer(UInt32(0))  // F32
            integer(offset)
            offset += Self.aligned(UInt64(tensor.shape.reduce(1, *) * 4))
        }
        header.append(Data(count: Int(Self.aligned(UInt64(header.count))) - header.count))
        var generator = SplitMix(state: seed)
        for tensor in tensors {
            let count = tensor.shape.reduce(1, *)
            var values = [Float](repeating: 0, count: count)
            if !tensor.zero {
                for index in values.indices { values[index] = (generator.nextUnit() * 2 - 1) * magnitude }
            }
            values.withUnsafeBytes { header.append(contentsOf: $0) }
            header.append(Data(count: Int(Self.aligned(UInt64(count * 4))) - count * 4))
        }
        return header
    }

    /// Writes the adapter to `url`.
    package func write(to url: URL) throws {
        try data().write(to: url)
    }

    private static func aligned(_ size: UInt64) -> UInt64 {
        (size + 31) / 32 * 32
    }

    private struct SplitMix {
        var state: UInt64
        mutating func nextUnit() -> Float {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            return Float(z >> 40) / Float(1 << 24)
        }
    }
}

// The files of src/report/page/ (the replay page's style and script), as the build embedded them.
#pragma once

#include <optional>
#include <string_view>

namespace jv {

// The file at `path` ("src/report/page/replay.js"), none when the build has no such file.
// Defined in the source that src/core/embed_files.cmake writes.
std::optional<std::string_view> embedded_page_file(std::string_view path);

}  // namespace jv

# sqleq_unity_batches(TARGET BATCH_SIZE): compiles TARGET's .cpp sources in batches of up
# to BATCH_SIZE per folder, so that what they share (nlohmann::json, fmt, CLI11, Qt, the
# standard containers, the Qt headers) is instantiated and optimised once per batch instead of once per
# source: a cold build of core takes about a third of the time, of the CLI a fifth.
# CMake's own UNITY_BUILD writes absolute paths into its batch files, which would give
# every clone of the tree its own ccache entries; these batches include each source by
# its path from the top of the tree. After editing one source its whole batch is compiled
# again: SQLEQ_UNITY_BUILD=OFF compiles one source at a time.
# Every source takes part, so no two sources of one folder may define the same
# file-local name (anonymous namespace, static): a helper two sources need lives in a
# header. Adding a source moves the batch boundaries after it; a very large
# SQLEQ_UNITY_BATCH_SIZE compiles each folder as one source and shows any clash at once.
option(SQLEQ_UNITY_BUILD "Compile core's and the CLI's sources in batches per folder" ON)
set(SQLEQ_UNITY_BATCH_SIZE 8 CACHE STRING "Sources of one folder per unity batch (SQLEQ_UNITY_BUILD)")

function(sqleq_unity_batches target batch_size)
  if(NOT SQLEQ_UNITY_BUILD)
    return()
  endif()
  get_target_property(sources ${target} SOURCES)
  get_target_property(source_dir ${target} SOURCE_DIR)
  list(FILTER sources INCLUDE REGEX "\\.cpp$")
  set(batches "")
  set(batched "")
  set(folder "")
  set(count 0)
  foreach(source ${sources})
    if(NOT IS_ABSOLUTE ${source})
      set(source ${source_dir}/${source})
    endif()
    # Generated sources (compiled-in resources) stay on their own.
    string(FIND ${source} ${PROJECT_BINARY_DIR}/ in_build)
    if(in_build EQUAL 0)
      continue()
    endif()
    file(RELATIVE_PATH path ${PROJECT_SOURCE_DIR} ${source})
    get_filename_component(source_folder ${path} DIRECTORY)
    if(NOT source_folder STREQUAL folder OR count EQUAL batch_size)
      if(count GREATER 0)
        list(APPEND batches ${batch})
      endif()
      set(folder ${source_folder})
      string(REPLACE "/" "_" stem ${source_folder})
      set(index 0)
      if(DEFINED batches_of_${stem})
        math(EXPR index "${batches_of_${stem}}")
      endif()
      math(EXPR next "${index} + 1")
      set(batches_of_${stem} ${next})
      set(batch ${CMAKE_CURRENT_BINARY_DIR}/unity/${stem}_${index}.cpp)
      set(content_${batch} "// Sources of ${source_folder}, compiled as one (sqleq_unity_batches, cmake/unity_batches.cmake).\n")
      set(count 0)
    endif()
    string(APPEND content_${batch} "#include \"${path}\"\n")
    list(APPEND batched ${source})
    math(EXPR count "${count} + 1")
  endforeach()
  if(count GREATER 0)
    list(APPEND batches ${batch})
  endif()
  foreach(batch ${batches})
    file(CONFIGURE OUTPUT ${batch} CONTENT "${content_${batch}}")
  endforeach()
  set_source_files_properties(${batched} TARGET_DIRECTORY ${target} PROPERTIES HEADER_FILE_ONLY ON)
  target_sources(${target} PRIVATE ${batches})
endfunction()
